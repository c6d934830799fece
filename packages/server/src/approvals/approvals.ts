import { messages } from '@ipam/core/messages';
import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
import { hostAddressOf, writeAddressesIn, type AddressWrite } from '../addresses/address-writes.js';
import { runChange, type ChangeContext } from '../commands/change.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { requireSubnet } from '../subnets/subnets.js';
import { deleteApprovals, findApproval, listApprovals, type ApprovalRecord } from './approval-repository.js';

/** An approval entry as the API shows it, with the spec's recommendation. */
export interface ApprovalView extends Omit<ApprovalRecord, 'createdAt'> {
  recommendation: AddressStatus;
}

/** The spec's recommendation rule: In Use → Available; any other status → In Use. */
export function recommendedStatus(status: string): AddressStatus {
  return status === 'In Use' ? 'Available' : 'In Use';
}

function approvalView(approval: ApprovalRecord): ApprovalView {
  const { id, ipAddress, status, hostname, description } = approval;
  return { id, ipAddress, status, hostname, description, recommendation: recommendedStatus(status) };
}

/** Writers of a subnet's approval entries hold the subnet row this way, one at a time (PostgreSQL). */
const APPROVALS_LOCK = 'no-key-update';

/** The subnet's approval entries in address order (404 for another account's subnet). */
export async function approvalsOf(ctx: ChangeContext, subnetId: string): Promise<ApprovalView[]> {
  await requireSubnet(ctx.db, ctx.account.id, subnetId);
  return (await listApprovals(ctx.db, ctx.account.id, subnetId)).map(approvalView);
}

/** What Confirm writes: the recommended status; hostname emptied when the result is Available. */
function confirmed(approval: ApprovalRecord): AddressWrite['change'] {
  const recommendation = recommendedStatus(approval.status);
  return (before) => ({
    ...before,
    status: recommendation,
    // A scan that found no name keeps the one typed.
    hostname: recommendation === 'Available' ? '' : approval.hostname || before.hostname,
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
