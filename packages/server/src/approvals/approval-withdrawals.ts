import type { AddressView } from '../addresses/address-view.js';
import type { SubnetRef } from '../addresses/address-repository.js';
import type { Change } from '../commands/change.js';
import {
  deleteAllApprovals,
  deleteApprovals,
  findApprovalsAt,
  type ApprovalRecord,
} from './approval-repository.js';
import { forgetAllIgnores, forgetIgnores } from './approval-ignore-repository.js';
import { isMatchedBy, recommendedStatus } from './approval-fields.js';

/** Why an entry left the list without a Confirm or an Ignore (shown in History). */
export const WITHDRAWN_BECAUSE = {
  matched: 'The address was changed to match it',
  scanningOff: "The subnet's scanning was switched off",
  subnetDeleted: 'The subnet was deleted',
} as const;

function recordWithdrawals(
  change: Change,
  subnetId: string,
  approvals: readonly ApprovalRecord[],
  reason: string,
) {
  change.audit(
    approvals.map((approval) => ({
      action: 'delete',
      entity: 'approval-withdrawn',
      entityId: approval.id,
      subnetId,
      before: {
        ipAddress: approval.ipAddress,
        status: approval.status,
        hostname: approval.hostname,
        recommendation: recommendedStatus(approval),
        reason,
      },
    })),
  );
  if (approvals.length > 0) change.announce({ kind: 'approval', id: subnetId, subnetId });
}

/**
 * After a person wrote these addresses: their ignored observations are forgotten, and an entry the
 * address now matches (it holds every value Confirm would write) is withdrawn.
 */
export async function withdrawMatched(
  change: Change,
  subnet: SubnetRef,
  written: readonly { value: bigint; view: AddressView }[],
): Promise<void> {
  const values = written.map((entry) => entry.value);
  await forgetIgnores(change.trx, subnet, values);
  const pending = await findApprovalsAt(change.trx, subnet, values);
  if (pending.length === 0) return;
  const views = new Map(written.map((entry) => [entry.view.ipAddress, entry.view]));
  const matched = pending.filter((approval) => {
    const view = views.get(approval.ipAddress);
    return view !== undefined && isMatchedBy(approval, view);
  });
  const removed = new Set(
    await deleteApprovals(
      change.trx,
      subnet.id,
      matched.map((approval) => approval.id),
    ),
  );
  recordWithdrawals(
    change,
    subnet.id,
    matched.filter((approval) => removed.has(approval.id)),
    WITHDRAWN_BECAUSE.matched,
  );
}

/** Withdraws every entry of the subnet and forgets its ignored observations (scanning off, subnet deleted). */
export async function withdrawAll(change: Change, subnetId: string, reason: string): Promise<void> {
  await forgetAllIgnores(change.trx, subnetId);
  recordWithdrawals(change, subnetId, await deleteAllApprovals(change.trx, subnetId), reason);
}
