import { memberRoutes } from '@ipam/core/api/routes/members';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { useChangeRefresh } from '../../../lib/own-changes.js';

/** Unlinks a user from the account (the owner cannot be removed; the server refuses). */
export function useRemoveUser(accountId: string) {
  const refresh = useChangeRefresh(accountId);
  return useMutation({
    mutationFn: (userId: string) => call(memberRoutes.remove, { params: { accountId, userId } }),
    // The server also sends a `token` event when the user's tokens were revoked; it refreshes them by itself.
    onSettled: (_done, error) => refresh(['user'], { error }),
  });
}
