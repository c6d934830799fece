import { inviteResponse } from '@ipam/core/api/account';
import type { InviteInput } from '@ipam/core/schemas/auth-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Invites an e-mail address to the account. */
export function useCreateInvite(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => api.post(`/api/accounts/${accountId}/invites`, input, inviteResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invites(accountId) }),
  });
}
