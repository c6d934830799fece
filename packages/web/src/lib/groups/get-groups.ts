import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../api-client.js';
import type { Id } from '../auth-types.js';
import { queryKeys } from '../query-keys.js';

/** A group as the API answers it; `parentId` empty or null means top level. */
export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z
    .string()
    .nullish()
    .transform((text) => text ?? ''),
  parentId: z
    .string()
    .nullish()
    .transform((id) => id ?? ''),
});
export type Group = z.infer<typeof groupSchema>;

const groupListSchema = z.object({ items: z.array(groupSchema) });

/** The account's groups, ordered by name (live: a change by anyone refreshes them). */
export function useGroups(accountId: Id) {
  return useQuery({
    queryKey: queryKeys.groups(accountId),
    queryFn: async () => {
      const { items } = await api.get(`/api/accounts/${accountId}/groups`, groupListSchema);
      return [...items].sort((a, b) => a.name.localeCompare(b.name));
    },
  });
}
