import { inviteRoutes } from '@ipam/core/api/routes/invites';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { useChangeRefresh } from '../../../lib/own-changes.js';

/** Withdraws a pending invite. */
export function useDeleteInvite(accountId: string) {
  const refresh = useChangeRefresh(accountId);
  return useMutation({
    mutationFn: (inviteId: string) => call(inviteRoutes.withdraw, { params: { accountId, inviteId } }),
    onSettled: (_done, error) => refresh(['invite'], { error }),
  });
}
