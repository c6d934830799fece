import { inviteLinkResponse } from '@ipam/core/api/account';
import type { InviteInput } from '@ipam/core/schemas/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { useChangeRefresh } from '../../../lib/own-changes.js';

/** Invites an e-mail address to the account; the answer has the invite's link and whether it was mailed. */
export function useCreateInvite(accountId: string) {
  const refresh = useChangeRefresh(accountId);
  return useMutation({
    mutationFn: (input: InviteInput) =>
      api.post(`/api/accounts/${accountId}/invites`, input, inviteLinkResponse),
    onSuccess: () => refresh(['invite']),
  });
}

/** A new link for a pending invite (the old one stops working). */
export function useInviteLink(accountId: string) {
  return useMutation({
    mutationFn: (inviteId: string) =>
      api.action(`/api/accounts/${accountId}/invites/${inviteId}/link`, inviteLinkResponse),
  });
}
