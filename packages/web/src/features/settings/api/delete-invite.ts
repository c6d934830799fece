import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Withdraws a pending invite. */
export function useDeleteInvite(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => api.delete(`/api/accounts/${accountId}/invites/${inviteId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.invites(accountId) }),
  });
}
