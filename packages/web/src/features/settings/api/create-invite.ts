import type { InviteInput } from '@ipam/core/schemas/auth-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import type { Id } from '../../../lib/auth-types.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { inviteSchema } from './get-invites.js';

/** Invites an e-mail address to the account. */
export function useCreateInvite(accountId: Id) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => api.post(`/api/accounts/${accountId}/invites`, input, inviteSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invites(accountId) }),
  });
}
