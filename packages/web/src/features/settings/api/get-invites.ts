import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.js';
import type { Id } from '../../../lib/auth-types.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const inviteSchema = z.object({
  id: z.union([z.string(), z.number()]),
  email: z.string(),
  invitedAt: z.string(),
});
export type Invite = z.infer<typeof inviteSchema>;

const inviteListSchema = z.object({ items: z.array(inviteSchema) });

/** The account's pending invites. */
export function useInvites(accountId: Id) {
  return useQuery({
    queryKey: queryKeys.invites(accountId),
    queryFn: async () => (await api.get(`/api/accounts/${accountId}/invites`, inviteListSchema)).items,
  });
}
