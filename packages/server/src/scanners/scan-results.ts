import { randomUUID } from 'node:crypto';
import type { ScanResults } from '@ipam/core/api/scanner';
import { availableAddressFields } from '@ipam/core/address-defaults';
import { messages } from '@ipam/core/messages';
import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
import type { ScanHost, ScanResultsInput } from '@ipam/core/schemas/scanner-schemas';
import { addressText, sortKeyOf } from '../addresses/address-keys.js';
import { findStoredAmong, type StoredAddress } from '../addresses/address-repository.js';
import { hostAddressOf, writeAddressesIn, type AddressWrite } from '../addresses/address-writes.js';
import {
  deleteApprovalsAt,
  replaceApprovals,
  type ApprovalRecord,
} from '../approvals/approval-repository.js';
import { findIgnores, forgetIgnores, observationOf } from '../approvals/approval-ignore-repository.js';
import { runChange, type ChangeContext } from '../commands/change.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { requireLeaf } from '../subnets/subnets.js';
import { finishScan } from './scan-repository.js';
import { addScanBatch } from './scan-run-repository.js';
import { recordSightings } from './scan-sightings.js';
import type { ScannerRecord } from './scanner-repository.js';

/** What the record says of an address the scan probed (a never-written one is a virtual Available). */
interface Recorded {
  status: AddressStatus;
  hostname: string;
  allowScannerUpdate: boolean;
  mac?: string | null;
}

const NEVER_WRITTEN: Recorded = availableAddressFields;

/**
 * The difference between the record and what the scan saw, as the status Confirm (or auto scanning)
 * writes: In Use for a live Available (approval also: Reserved) address, Available for a silent In Use
 * one, In Use again for a live In Use one whose reverse DNS now gives another name (a recycled address:
 * the hostname follows the PTR record); null when they agree or the address does not allow scanner
 * updates. `seenName` is the name the scan found, '' for none.
 */
export function scanFinding(
  recorded: Recorded,
  alive: boolean,
  isApproval: boolean,
  seenName: string,
): AddressStatus | null {
  if (!recorded.allowScannerUpdate) return null;
  if (alive && recorded.status === 'Available') return 'In Use';
  if (alive && recorded.status === 'Reserved' && isApproval) return 'In Use';
  if (!alive && recorded.status === 'In Use') return 'Available';
  if (alive && recorded.status === 'In Use' && seenName !== '' && seenName !== recorded.hostname)
    return 'In Use';
  return null;
}

/**
 * The hostname Confirm writes, or null when it keeps the recorded one: erased when the address becomes
 * Available (the spec's rule) if it has one; the name the scan saw when it saw one that differs.
 */
export function hostnameConfirmWrites(recorded: string, finding: AddressStatus, seen: string): string | null {
  if (finding === 'Available') return recorded === '' ? null : '';
  return seen !== '' && seen !== recorded ? seen : null;
}

/**
 * Applies one batch of a scan of one of the scanner's subnets, in one transaction (an address outside
 * the subnet refuses the whole batch before anything is written). Auto scanning writes the changes;
 * approval scanning turns each into an approval entry (replacing an older entry of that address, and
 * dropping the entry of an address the scan now finds as recorded). The last batch (`done`) sets
 * lastScanned, clears scanNow and ends the job. The scanner is the actor of every change.
 */
export async function applyScanResults(
  ctx: ChangeContext,
  scanner: ScannerRecord,
  input: ScanResultsInput,
): Promise<ScanResults> {
  if (!scanner.subnets.includes(input.subnetId)) throw new DomainError('not_found', messages.notFound);
  if (scanner.blockScanning) throw new DomainError('scanning_blocked', messages.scanningBlocked);
  return runChange(ctx, async (change) => {
    const { trx, audit, announce } = change;
    // Writers of a subnet's approvals take turns on its row; so do batches of its scan.
    const subnet = await requireLeaf(trx, ctx.account.id, input.subnetId, 'no-key-update');
    if (subnet.scanningType === 'none') throw new DomainError('scan_not_enabled', messages.scanNotEnabled);
    const isApproval = subnet.scanningType === 'approval';
    const hosts = new Map<bigint, ScanHost>();
    for (const host of input.hosts) hosts.set(hostAddressOf(subnet, host.ipAddress), host);
    const ref = { id: subnet.id, version: subnet.prefix.version };
    await recordSightings(change, ctx.account.id, ref, scanner.name, hosts, nowIso());
    const stored = new Map<bigint, StoredAddress>(
      (await findStoredAmong(trx, ref, [...hosts.keys()], false)).map((row) => [row.value, row]),
    );
    const writes: AddressWrite[] = [];
    const entries: (ApprovalRecord & { value: bigint })[] = [];
    const settled: bigint[] = [];
    const createdAt = nowIso();
    const ignores = isApproval ? await findIgnores(trx, ref, [...hosts.keys()]) : new Map<string, string>();
    const changedObservations: bigint[] = [];
    for (const [value, host] of hosts) {
      const recorded = stored.get(value) ?? NEVER_WRITTEN;
      const seenName = host.hostname ?? '';
      const finding = scanFinding(recorded, host.alive, isApproval, seenName);
      // An ignored observation stays ignored while the scanner sees the same; another one is news.
      const observation = observationOf(host.alive, recorded.status, seenName, host.mac ?? null);
      const ignored = ignores.get(sortKeyOf(subnet.prefix.version, value));
      if (ignored !== undefined && ignored !== observation) changedObservations.push(value);
      if (finding === null) {
        settled.push(value);
        continue;
      }
      const hostname = finding === 'Available' ? '' : host.hostname || recorded.hostname;
      if (isApproval) {
        if (ignored === observation) continue;
        entries.push({
          id: randomUUID(),
          value,
          ipAddress: addressText(subnet.prefix.version, value),
          status: recorded.status,
          hostname,
          description: '',
          createdAt,
          seen: {
            alive: host.alive,
            hostname: seenName,
            mac: host.mac ?? null,
            at: createdAt,
            scannerName: scanner.name,
          },
          hostnameAfter: hostnameConfirmWrites(recorded.hostname, finding, seenName),
          macAfter: host.alive ? (host.mac ?? null) : null,
        });
      } else {
        writes.push({ value, change: (before) => ({ ...before, status: finding, hostname }) });
      }
    }
    if (isApproval) {
      await forgetIgnores(trx, ref, changedObservations);
      await deleteApprovalsAt(trx, ref, settled);
      await replaceApprovals(trx, ctx.account.id, ref, entries);
      if (entries.length > 0 || settled.length > 0)
        announce({ kind: 'approval', id: subnet.id, subnetId: subnet.id });
      change.emit(
        entries.map((entry) => ({
          type: 'approval.created',
          subjectId: entry.id,
          after: { id: entry.id, ipAddress: entry.ipAddress, status: entry.status, hostname: entry.hostname },
          subnetId: subnet.id,
        })),
      );
    } else if (writes.length > 0) {
      await writeAddressesIn(change, ctx, subnet, writes);
      announce({ kind: 'address', id: subnet.id, subnetId: subnet.id });
    }
    const alive = input.hosts.filter((host) => host.alive).length;
    audit({
      action: 'update',
      entity: 'scan',
      entityId: subnet.id,
      subnetId: subnet.id,
      after: {
        startedAt: input.startedAt,
        finishedAt: input.finishedAt,
        coverage: input.coverage,
        done: input.done,
        hosts: hosts.size,
        alive,
        applied: writes.length,
        approvals: entries.length,
      },
    });
    await addScanBatch(trx, ctx.account.id, subnet.id, {
      scannerId: scanner.id,
      scannerName: scanner.name,
      scanningType: subnet.scanningType,
      methods: input.hosts.flatMap((host) => (host.alive ? [host.method] : [])),
      startedAt: input.startedAt,
      finishedAt: input.finishedAt,
      hosts: hosts.size,
      alive,
      applied: writes.length,
      approvals: entries.length,
      isDone: input.done,
    });
    if (input.done) {
      await finishScan(trx, subnet.id, nowIso());
      change.emit({
        type: 'scan.finished',
        subjectId: subnet.id,
        subnetId: subnet.id,
        after: { startedAt: input.startedAt, finishedAt: input.finishedAt, coverage: input.coverage },
      });
      announce({ kind: 'subnet', id: subnet.id, subnetId: subnet.id });
    }
    return { applied: writes.length, approvals: entries.length, done: input.done };
  });
}
