import { subnetRoutes } from '@ipam/core/api/routes/subnets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { useChangeRefresh } from '../../../lib/own-changes.js';
import { queryKeys } from '../../../lib/query-keys.js';
import type { SubnetCreatePayload, SubnetUpdatePayload } from '../subnet-form-values.js';

/** What a change of the subnet with this id refreshes (the server announces it as a `subnet` event). */
function useRefreshSubnets(accountId: string) {
  const refresh = useChangeRefresh(accountId);
  return (subnetId: string) => refresh([{ kind: 'subnet', id: subnetId, subnetId }]);
}

/** Creates an IPv4 or IPv6 subnet (the payload carries `bits` or `prefixLength`). */
export function useCreateSubnet(accountId: string) {
  const refresh = useRefreshSubnets(accountId);
  return useMutation({
    mutationFn: (payload: SubnetCreatePayload) =>
      call(subnetRoutes.create, { params: { accountId }, body: payload }),
    onSuccess: (subnet) => refresh(subnet.id),
  });
}

/** Saves the editable fields of a subnet (Edit Subnet). */
export function useUpdateSubnet(accountId: string) {
  const refresh = useRefreshSubnets(accountId);
  return useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: SubnetUpdatePayload }) =>
      call(subnetRoutes.update, { params: { accountId, subnetId: id }, body: payload }),
    onSuccess: (subnet) => refresh(subnet.id),
  });
}

/** Deletes a subnet with all its addresses and approvals. */
export function useDeleteSubnet(accountId: string) {
  const refresh = useRefreshSubnets(accountId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subnetId: string) => call(subnetRoutes.remove, { params: { accountId, subnetId } }),
    onSuccess: async (_done, subnetId) => {
      queryClient.removeQueries({ queryKey: queryKeys.addresses(accountId, subnetId) });
      queryClient.removeQueries({ queryKey: queryKeys.approvals(accountId, subnetId) });
      await refresh(subnetId);
    },
  });
}

/** Scan Now: asks the subnet's scanner for a scan as soon as it polls. */
export function useScanNow(accountId: string) {
  const refresh = useRefreshSubnets(accountId);
  return useMutation({
    mutationFn: (subnetId: string) => call(subnetRoutes.scan, { params: { accountId, subnetId } }),
    onSuccess: (subnet) => refresh(subnet.id),
  });
}
