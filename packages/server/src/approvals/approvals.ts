import { messages } from '@ipam/core/messages';
import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
import { hostAddressOf, writeAddressesIn, type AddressWrite } from '../addresses/address-writes.js';
import { runChange, type ChangeContext } from '../commands/change.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { requireSubnet } from '../subnets/subnets.js';
import { findStoredAmong, type StoredAddress } from '../addresses/address-repository.js';
import { nowIso } from '../db/db-values.js';
import { deleteApprovals, findApproval, listApprovals, type ApprovalRecord } from './approval-repository.js';
import { observationOf, rememberIgnores } from './approval-ignore-repository.js';
import { recommendedStatus, writtenFields } from './approval-fields.js';

/** One field Confirm writes: its value now and the value Confirm writes. */
export interface ApprovalFieldChange {
  field: 'status' | 'hostname' | 'mac';
  now: string;
  confirm: string;
}

/** An approval entry as the API shows it, with the spec's recommendation. */
export interface ApprovalView {
  id: string;
  ipAddress: string;
  status: AddressStatus;
  hostname: string;
  description: string;
  recommendation: AddressStatus;
  /** Every field Confirm writes, and no other. */
  changes: ApprovalFieldChange[];
  seenAlive: boolean | null;
  seenHostname: string | null;
  seenMac: string | null;
  seenAt: string | null;
  seenBy: string | null;
}

/** The entry with each field Confirm writes, valued from the address as it is now. */
function approvalView(approval: ApprovalRecord, now?: StoredAddress): ApprovalView {
  const { id, ipAddress, status, hostname, description, seen } = approval;
  const recommendation = recommendedStatus(approval);
  const written = writtenFields(approval);
  const changes: ApprovalFieldChange[] = [
    { field: 'status', now: now?.status ?? status, confirm: recommendation },
  ];
  if (written.hostname !== null) {
    changes.push({ field: 'hostname', now: now?.hostname ?? '', confirm: written.hostname });
  }
  if (written.mac !== null) changes.push({ field: 'mac', now: now?.mac ?? '', confirm: written.mac });
  return {
    id,
    ipAddress,
    status,
    hostname,
    description,
    recommendation,
    changes,
    seenAlive: seen?.alive ?? null,
    seenHostname: seen?.hostname ?? null,
    seenMac: seen?.mac ?? null,
    seenAt: seen?.at ?? null,
    seenBy: seen?.scannerName ?? null,
  };
}

/** Writers of a subnet's approval entries hold the subnet row this way, one at a time (PostgreSQL). */
const APPROVALS_LOCK = 'no-key-update';

/** The subnet's approval entries in address order (404 for another account's subnet). */
export async function approvalsOf(ctx: ChangeContext, subnetId: string): Promise<ApprovalView[]> {
  const subnet = await requireSubnet(ctx.db, ctx.account.id, subnetId);
  const approvals = await listApprovals(ctx.db, ctx.account.id, subnetId);
  if (subnet.kind === 'container') return approvals.map((approval) => approvalView(approval));
  const values = approvals.map((approval) => hostAddressOf(subnet, approval.ipAddress));
  const ref = { id: subnet.id, version: subnet.prefix.version };
  const stored = new Map(
    (await findStoredAmong(ctx.db, ref, values, false)).map((row) => [row.ipAddress, row]),
  );
  return approvals.map((approval) => approvalView(approval, stored.get(approval.ipAddress)));
}

/**
 * What Confirm writes: the recommended status, and the hostname and MAC only where the entry shows them
 * (hostname emptied when the result is Available and there was one; a name the scan did not see is kept).
 */
function confirmed(approval: ApprovalRecord): AddressWrite['change'] {
  const written = writtenFields(approval);
  return (before) => ({
    ...before,
    status: recommendedStatus(approval),
    hostname: written.hostname ?? before.hostname,
    mac: written.mac ?? before.mac,
  });
}

/** The entries a settle is about: the one named (404 when it is not the subnet's) or all of them. */
async function entriesToSettle(
  trx: Db,
  accountId: string,
  subnetId: string,
  approvalId: string | null,
): Promise<ApprovalRecord[]> {
  if (approvalId === null) return listApprovals(trx, accountId, subnetId);
  const approval = await findApproval(trx, accountId, subnetId, approvalId);
  if (!approval) throw new DomainError('not_found', messages.notFound);
  return [approval];
}

/**
 * Settles approval entries in one transaction: each is removed first and only the entries this call
 * removed are applied (so two people settling the same entry cannot both apply it, nor apply an entry
 * a rescan replaced meanwhile), and on confirm its recommended status is written to the address
 * (hostname emptied when the result is Available).
 */
async function settle(
  ctx: ChangeContext,
  subnetId: string,
  approvalId: string | null,
  isConfirm: boolean,
): Promise<number> {
  return runChange(ctx, async (change) => {
    const { trx, audit, announce } = change;
    const subnet = await requireSubnet(trx, ctx.account.id, subnetId, APPROVALS_LOCK);
    const listed = await entriesToSettle(trx, ctx.account.id, subnetId, approvalId);
    const ids = listed.map((approval) => approval.id);
    const removed = new Set(await deleteApprovals(trx, subnetId, ids));
    if (approvalId !== null && removed.size === 0) throw new DomainError('not_found', messages.notFound);
    const approvals = listed.filter((approval) => removed.has(approval.id));
    if (isConfirm) {
      await writeAddressesIn(
        change,
        ctx,
        subnet,
        approvals.map((approval) => ({
          value: hostAddressOf(subnet, approval.ipAddress),
          change: confirmed(approval),
        })),
      );
    } else {
      // Ignore remembers what the scanner saw, so the same finding does not come back on the next scans.
      const ref = { id: subnet.id, version: subnet.prefix.version };
      const remembered = approvals.flatMap((approval) =>
        approval.seen === null
          ? []
          : [
              {
                value: hostAddressOf(subnet, approval.ipAddress),
                ipAddress: approval.ipAddress,
                observation: observationOf(
                  approval.seen.alive,
                  approval.status,
                  approval.seen.hostname,
                  approval.seen.mac,
                ),
              },
            ],
      );
      await rememberIgnores(trx, ctx.account.id, ref, remembered, nowIso());
    }
    audit(
      approvals.map((approval) => ({
        action: 'delete',
        entity: isConfirm ? 'approval-confirmed' : 'approval-ignored',
        entityId: approval.id,
        subnetId,
        before: approvalView(approval),
      })),
    );
    announce({ kind: 'approval', id: approvalId ?? subnetId, subnetId });
    // One confirmed address is named; a Confirm All that changed several names the subnet.
    const [first, ...others] = approvals;
    if (isConfirm && first !== undefined) {
      announce({ kind: 'address', id: others.length ? subnetId : first.ipAddress, subnetId });
    }
    return approvals.length;
  });
}

/** Confirm: applies the recommended status to the address and removes the entry. */
export async function confirmApproval(ctx: ChangeContext, subnetId: string, approvalId: string) {
  await settle(ctx, subnetId, approvalId, true);
}

/** Ignore: removes the entry only. */
export async function ignoreApproval(ctx: ChangeContext, subnetId: string, approvalId: string) {
  await settle(ctx, subnetId, approvalId, false);
}

/** Confirm All, in one transaction; answers how many entries were settled. */
export async function confirmAllApprovals(ctx: ChangeContext, subnetId: string): Promise<number> {
  return settle(ctx, subnetId, null, true);
}

/** Ignore All, in one transaction; answers how many entries were removed. */
export async function ignoreAllApprovals(ctx: ChangeContext, subnetId: string): Promise<number> {
  return settle(ctx, subnetId, null, false);
}
