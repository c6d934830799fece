import { inviteRoutes } from '@ipam/core/api/routes/invites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Withdraws a pending invite. */
export function useDeleteInvite(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => call(inviteRoutes.withdraw, { params: { accountId, inviteId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.invites(accountId) }),
  });
}
