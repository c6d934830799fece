import { inviteRoutes } from '@ipam/core/api/routes/invites';
import type { InviteInput } from '@ipam/core/schemas/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { useChangeRefresh } from '../../../lib/own-changes.js';

/** Invites an e-mail address to the account; the answer has the invite's link and whether it was mailed. */
export function useCreateInvite(accountId: string) {
  const refresh = useChangeRefresh(accountId);
  return useMutation({
    mutationFn: (input: InviteInput) => call(inviteRoutes.create, { params: { accountId }, body: input }),
    onSuccess: () => refresh(['invite']),
  });
}

/** A new link for a pending invite (the old one stops working). */
export function useInviteLink(accountId: string) {
  return useMutation({
    mutationFn: (inviteId: string) => call(inviteRoutes.reissueLink, { params: { accountId, inviteId } }),
  });
}
