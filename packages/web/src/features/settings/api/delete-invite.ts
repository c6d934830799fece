import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import type { Id } from '../../../lib/auth-types.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Withdraws a pending invite. */
export function useDeleteInvite(accountId: Id) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: Id) => api.delete(`/api/accounts/${accountId}/invites/${inviteId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.invites(accountId) }),
  });
}
