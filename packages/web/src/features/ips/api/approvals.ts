import { ADDRESS_STATUSES } from '@ipam/core/schemas/address-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** An approval entry: what a scan saw, with the status the spec recommends (null: none). */
export const approvalSchema = z.object({
  id: z.string(),
  ipAddress: z.string(),
  status: z.string(),
  hostname: z
    .string()
    .nullish()
    .transform((text) => text ?? ''),
  description: z
    .string()
    .nullish()
    .transform((text) => text ?? ''),
  recommendation: z.enum(ADDRESS_STATUSES).nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;

const approvalListSchema = z.object({ items: z.array(approvalSchema) });

/** The subnet's pending approvals in address order. */
export function useApprovals(accountId: string, subnetId: string | null) {
  return useQuery({
    queryKey: queryKeys.approvals(accountId, subnetId ?? ''),
    queryFn: async () =>
      (await api.get(`/api/accounts/${accountId}/subnets/${subnetId}/approvals`, approvalListSchema)).items,
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, approvalId }: Settlement) => {
      const base = `/api/accounts/${accountId}/subnets/${subnetId}/approvals`;
      const path = approvalId === null ? `${base}/${action}-all` : `${base}/${approvalId}/${action}`;
      return api.action(path, z.unknown());
    },
    onSettled: (_result, _error, { action }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.approvals(accountId, subnetId) }),
        action === 'confirm' &&
          queryClient.invalidateQueries({ queryKey: queryKeys.addresses(accountId, subnetId) }),
      ]),
  });
}
