import { inviteLinkResponse } from '@ipam/core/api/account';
import type { InviteInput } from '@ipam/core/schemas/auth-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Invites an e-mail address to the account; the answer has the invite's link and whether it was mailed. */
export function useCreateInvite(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) =>
      api.post(`/api/accounts/${accountId}/invites`, input, inviteLinkResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invites(accountId) }),
  });
}

/** A new link for a pending invite (the old one stops working). */
export function useInviteLink(accountId: string) {
  return useMutation({
    mutationFn: (inviteId: string) =>
      api.action(`/api/accounts/${accountId}/invites/${inviteId}/link`, inviteLinkResponse),
  });
}
