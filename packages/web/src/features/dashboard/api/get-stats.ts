import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.js';
import type { Id } from '../../../lib/auth-types.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const statsSchema = z.object({
  totalSubnets: z.number(),
  totalGroups: z.number(),
  maxNetworks: z.number().nullish(),
});
export type AccountStats = z.infer<typeof statsSchema>;

/** The account's subnet and group counts and its network limit. */
export function getStats(accountId: Id): Promise<AccountStats> {
  return api.get(`/api/accounts/${accountId}/stats`, statsSchema);
}

export function useStats(accountId: Id) {
  return useQuery({ queryKey: queryKeys.stats(accountId), queryFn: () => getStats(accountId) });
}
