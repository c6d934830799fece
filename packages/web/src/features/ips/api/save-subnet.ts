import { subnetResponse } from '@ipam/core/api/ipam';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';
import type { SubnetCreatePayload, SubnetUpdatePayload } from '../subnet-form-values.js';

function useRefreshSubnets(accountId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      // Exact: the address pages live under the same prefix and do not change with the subnet list.
      queryClient.invalidateQueries({ queryKey: queryKeys.subnets(accountId), exact: true }),
      queryClient.invalidateQueries({ queryKey: queryKeys.stats(accountId) }),
    ]);
}

/** Creates an IPv4 or IPv6 subnet (the payload carries `bits` or `prefixLength`). */
export function useCreateSubnet(accountId: string) {
  const refresh = useRefreshSubnets(accountId);
  return useMutation({
    mutationFn: (payload: SubnetCreatePayload) =>
      api.post(`/api/accounts/${accountId}/subnets`, payload, subnetResponse),
    onSuccess: refresh,
  });
}

/** Saves the editable fields of a subnet (Edit Subnet). */
export function useUpdateSubnet(accountId: string) {
  const refresh = useRefreshSubnets(accountId);
  return useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: SubnetUpdatePayload }) =>
      api.patch(`/api/accounts/${accountId}/subnets/${id}`, payload, subnetResponse),
    onSuccess: refresh,
  });
}

/** Deletes a subnet with all its addresses and approvals. */
export function useDeleteSubnet(accountId: string) {
  const refresh = useRefreshSubnets(accountId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subnetId: string) => api.delete(`/api/accounts/${accountId}/subnets/${subnetId}`),
    onSuccess: async (_done, subnetId) => {
      queryClient.removeQueries({ queryKey: queryKeys.addresses(accountId, subnetId) });
      queryClient.removeQueries({ queryKey: queryKeys.approvals(accountId, subnetId) });
      await refresh();
    },
  });
}

/** Scan Now: asks the subnet's scanner for a scan as soon as it polls. */
export function useScanNow(accountId: string) {
  const refresh = useRefreshSubnets(accountId);
  return useMutation({
    mutationFn: (subnetId: string) =>
      api.action(`/api/accounts/${accountId}/subnets/${subnetId}/scan`, subnetResponse),
    onSuccess: refresh,
  });
}
