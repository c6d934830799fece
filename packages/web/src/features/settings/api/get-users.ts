import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.js';
import type { Id } from '../../../lib/auth-types.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const accountUserSchema = z.object({
  id: z.union([z.string(), z.number()]),
  email: z.string(),
  displayName: z.string().nullish(),
  lastLogin: z.string().nullish(),
  isOwner: z.boolean(),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

const userListSchema = z.object({ items: z.array(accountUserSchema) });

/** The users linked to the account. */
export function useAccountUsers(accountId: Id) {
  return useQuery({
    queryKey: queryKeys.users(accountId),
    queryFn: async () => (await api.get(`/api/accounts/${accountId}/users`, userListSchema)).items,
  });
}
