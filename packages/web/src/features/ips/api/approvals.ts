import { approvalRoutes } from '@ipam/core/api/routes/approvals';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import type { LiveChange } from '../../../lib/live-refresh.js';
import { useChangeRefresh } from '../../../lib/own-changes.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The subnet's pending approvals in address order. */
export function useApprovals(accountId: string, subnetId: string | null) {
  return useQuery({
    queryKey: queryKeys.approvals(accountId, subnetId ?? ''),
    queryFn: async () =>
      (await call(approvalRoutes.list, { params: { accountId, subnetId: subnetId ?? '' } })).items,
    enabled: subnetId !== null,
  });
}

/** Which approvals to settle, and how. */
export interface Settlement {
  action: 'confirm' | 'ignore';
  /** One entry, or every entry when null (Confirm All / Ignore All). */
  approvalId: string | null;
}

/** Confirm, Ignore, Confirm All, Ignore All; a confirm changes the address list too. */
export function useSettleApprovals(accountId: string, subnetId: string) {
  const refresh = useChangeRefresh(accountId);
  return useMutation({
    mutationFn: ({ action, approvalId }: Settlement) => {
      const isConfirm = action === 'confirm';
      if (approvalId === null) {
        const route = isConfirm ? approvalRoutes.confirmAll : approvalRoutes.ignoreAll;
        return call(route, { params: { accountId, subnetId } });
      }
      const route = isConfirm ? approvalRoutes.confirm : approvalRoutes.ignore;
      return call(route, { params: { accountId, subnetId, approvalId } });
    },
    onSettled: (result, error, { action, approvalId }) => {
      const changes: LiveChange[] = [{ kind: 'approval', id: approvalId ?? subnetId, subnetId }];
      // The server announces the addresses too when a Confirm changed some.
      if (action === 'confirm' && (result?.settled ?? 1) > 0) {
        changes.push({ kind: 'address', id: subnetId, subnetId });
      }
      return refresh(changes, { error });
    },
  });
}
