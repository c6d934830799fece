import { messages } from '@ipam/core/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.js';
import type { Id } from '../../../lib/auth-types.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { inviteSchema } from './get-invites.js';

/** The Invite User form: an address in e-mail format (spec §5). */
export const createInviteInputSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, messages.emailRequired)
    .pipe(z.email({ error: messages.invalidEmail })),
});
export type CreateInviteInput = z.infer<typeof createInviteInputSchema>;

/** Invites an e-mail address to the account. */
export function useCreateInvite(accountId: Id) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInviteInput) =>
      api.post(`/api/accounts/${accountId}/invites`, input, inviteSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invites(accountId) }),
  });
}
