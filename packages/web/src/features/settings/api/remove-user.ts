import { memberRoutes } from '@ipam/core/api/routes/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Unlinks a user from the account (the owner cannot be removed; the server refuses). */
export function useRemoveUser(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => call(memberRoutes.remove, { params: { accountId, userId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users(accountId) }),
  });
}
