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

/** The account's groups in name order (core's compareNames, as the server answers them); live. */
export function useGroups(accountId: Id) {
  return useQuery({
    queryKey: queryKeys.groups(accountId),
    queryFn: async () => (await api.get(`/api/accounts/${accountId}/groups`, groupListSchema)).items,
  });
}
