import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { useChangeRefresh } from '../../../lib/own-changes.js';

/** Withdraws a pending invite. */
export function useDeleteInvite(accountId: string) {
  const refresh = useChangeRefresh(accountId);
  return useMutation({
    mutationFn: (inviteId: string) => api.delete(`/api/accounts/${accountId}/invites/${inviteId}`),
    onSettled: (_done, error) => refresh(['invite'], { error }),
  });
}
