import { clearedAddressFields } from '@ipam/core/address-defaults';
import { hostAddressProblem } from '@ipam/core/address-listing';
import { formatPrefix } from '@ipam/core/cidr';
import { formatAddress, parseAddress } from '@ipam/core/ip-address';
import { messages } from '@ipam/core/messages';
import type { AddressUpdateInput } from '@ipam/core/schemas/address-schemas';
import { rowAuthor, runChange, type Change, type ChangeContext } from '../commands/change.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import type { SubnetRecord } from '../subnets/subnet-repository.js';
import { requireLeaf } from '../subnets/subnets.js';
import { addCounts, adjustStatusCounts, NO_COUNTS, statusChange } from './address-count-repository.js';
import { addressView, type AddressView } from './address-view.js';
import { withdrawMatched } from '../approvals/approval-withdrawals.js';
import type { StoredAddress, SubnetRef } from './address-repository.js';
import { virtualAddress, type AddressFields } from './address-row.js';
import {
  insertAddressIfAbsent,
  lockAddressRows,
  lockStoredAddress,
  writeAddressRow,
  writeAddressRows,
} from './address-write-repository.js';

/**
 * The value of an address typed in any valid form, if it is one of the subnet's listed host
 * addresses; other addresses (another version, outside, network or broadcast) are refused.
 */
export function hostAddressOf(subnet: SubnetRecord, text: string): bigint {
  const { prefix } = subnet;
  const parsed = parseAddress(text.trim());
  if (parsed === null || parsed.zone !== null) {
    const message = text.includes(':') || prefix.version === 6 ? messages.invalidIPv6 : messages.invalidIPv4;
    throw new DomainError('validation_failed', message, { ipAddress: message });
  }
  const cidr = formatPrefix(prefix);
  const ip = formatAddress(parsed.version, parsed.value);
  const problem = parsed.version === prefix.version ? hostAddressProblem(prefix, parsed.value) : 'outside';
  if (problem !== null) {
    const message =
      problem === 'outside'
        ? messages.addressOutsideSubnet(cidr)
        : problem === 'network'
          ? messages.networkAddressNotHost(ip, cidr)
          : messages.broadcastAddressNotHost(ip, cidr);
    throw new DomainError('address_outside_subnet', message, { ipAddress: message });
  }
  return parsed.value;
}

/** One address to write: its value and how its data changes from what is stored. */
export interface AddressWrite {
  value: bigint;
  change: (before: StoredAddress) => AddressFields;
}

/** A write as applied: the row before (virtual for a never-written address) and after, and whether it is new. */
interface AppliedWrite {
  before: StoredAddress;
  after: StoredAddress;
  isNew: boolean;
}

type AfterOf = (before: StoredAddress, write: AddressWrite) => StoredAddress;

/**
 * One address in two statements where several take three or four: look first (an edit finds its row
 * and locks it), and insert a never-written address with its data at once; each writes the subnet's
 * counts with the row (one statement on PostgreSQL). It holds at most this one row while it waits, so
 * it cannot deadlock with another writer.
 */
async function writeOne(
  trx: Db,
  accountId: string,
  ref: SubnetRef,
  write: AddressWrite,
  afterOf: AfterOf,
): Promise<AppliedWrite> {
  const stored = await lockStoredAddress(trx, ref, write.value);
  if (!stored) {
    const before = virtualAddress(ref, write.value);
    const after = afterOf(before, write);
    const counts = statusChange(null, after.status);
    if (await insertAddressIfAbsent(trx, accountId, ref, after, counts))
      return { before, after, isNew: true };
  }
  // Stored, or stored by another writer since the look: written over like any edit, its row locked.
  const before = stored ?? (await lockStoredAddress(trx, ref, write.value));
  if (!before) throw new Error('address row vanished inside its transaction');
  const after = afterOf(before, write);
  await writeAddressRow(trx, accountId, ref, after, statusChange(before.status, after.status));
  return { before, after, isNew: false };
}

/** Several addresses: their rows created if needed and locked in address order, written, counted. */
async function writeMany(
  trx: Db,
  accountId: string,
  ref: SubnetRef,
  writes: readonly AddressWrite[],
  afterOf: AfterOf,
): Promise<AppliedWrite[]> {
  const { rows, created } = await lockAddressRows(
    trx,
    accountId,
    ref,
    writes.map((write) => write.value),
  );
  const stored = new Map(rows.map((row) => [row.value, row]));
  const changes = writes.map((write) => {
    const before = stored.get(write.value);
    if (!before) throw new Error('address row vanished inside its transaction');
    return { before, after: afterOf(before, write), isNew: created.has(write.value) };
  });
  await writeAddressRows(
    trx,
    accountId,
    ref,
    changes.map(({ after }) => after),
  );
  const counted = changes.map(({ before, after, isNew }) =>
    statusChange(isNew ? null : before.status, after.status),
  );
  await adjustStatusCounts(trx, ref.id, counted.reduce(addCounts, NO_COUNTS));
  return changes;
}

/**
 * Writes addresses of one subnet inside a change's transaction (each address once): their rows are created if
 * needed and locked, the changes applied and each recorded in the audit log with its before and
 * after, in a few multi-row statements however many addresses there are. Concurrent writers queue on
 * the row locks, so each write is recorded and the last one stands.
 */
export async function writeAddressesIn(
  change: Change,
  ctx: ChangeContext,
  subnet: SubnetRecord,
  writes: readonly AddressWrite[],
): Promise<AddressView[]> {
  const { trx, audit } = change;
  const ref = { id: subnet.id, version: subnet.prefix.version };
  const updatedDate = nowIso();
  // A person who writes an address has seen it: a flagged MAC change is taken as known (issue 33).
  const seenByPerson = ctx.userId === null ? {} : { previousMac: null, macChangedAt: null };
  const afterOf: AfterOf = (before, write) => ({
    ...before,
    ...write.change(before),
    ...seenByPerson,
    updatedDate,
    updatedBy: rowAuthor(ctx),
  });
  const [only] = writes;
  const changes =
    writes.length === 1 && only
      ? [await writeOne(trx, ctx.account.id, ref, only, afterOf)]
      : await writeMany(trx, ctx.account.id, ref, writes, afterOf);
  audit(
    changes.map(({ before, after }) => ({
      action: 'update',
      entity: 'address',
      entityId: before.ipAddress,
      subnetId: subnet.id,
      before: addressView(before),
      after: addressView(after),
    })),
  );
  const views = changes.map(({ after }) => addressView(after));
  // A person's edit forgets ignored observations and withdraws the approvals it made true (issue 33).
  // A subnet without scanning has neither: turning scanning off removed them, and only scans make them.
  if (ctx.userId !== null && subnet.scanningType !== 'none') {
    await withdrawMatched(
      change,
      ref,
      changes.map(({ after }, i) => ({ value: after.value, view: views[i] as AddressView })),
    );
  }
  return views;
}

/** Writes one address inside a change's transaction (see writeAddressesIn). */
export async function writeAddressIn(
  change: Change,
  ctx: ChangeContext,
  subnet: SubnetRecord,
  value: bigint,
  fields: (before: StoredAddress) => AddressFields,
): Promise<AddressView> {
  const [view] = await writeAddressesIn(change, ctx, subnet, [{ value, change: fields }]);
  if (!view) throw new Error('address not written');
  return view;
}

async function writeAddress(
  ctx: ChangeContext,
  subnetId: string,
  ipText: string,
  change: (before: StoredAddress) => AddressFields,
): Promise<AddressView> {
  return runChange(ctx, async (work) => {
    const subnet = await requireLeaf(work.trx, ctx.account.id, subnetId);
    const view = await writeAddressIn(work, ctx, subnet, hostAddressOf(subnet, ipText), change);
    work.announce({ kind: 'address', id: view.ipAddress, subnetId });
    return view;
  });
}

/** Sets an address's status, hostname, description and scanner permission (the PUT: every field). */
export async function setAddress(
  ctx: ChangeContext,
  subnetId: string,
  ipText: string,
  input: AddressUpdateInput,
): Promise<AddressView> {
  const { status, hostname, description, allowScannerUpdate } = input;
  return writeAddress(ctx, subnetId, ipText, () => ({ status, hostname, description, allowScannerUpdate }));
}

/** The spec's Clear: Available, hostname and description emptied, scanner updates turned off. */
export async function clearAddress(ctx: ChangeContext, subnetId: string, ipText: string) {
  return writeAddress(ctx, subnetId, ipText, () => ({ ...clearedAddressFields }));
}
