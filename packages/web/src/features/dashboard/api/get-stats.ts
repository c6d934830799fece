import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const statsSchema = z.object({
  totalSubnets: z.number(),
  totalGroups: z.number(),
  maxNetworks: z.number().nullish(),
});
export type AccountStats = z.infer<typeof statsSchema>;

/** The account's subnet and group counts and its network limit. */
export function getStats(accountId: string): Promise<AccountStats> {
  return api.get(`/api/accounts/${accountId}/stats`, statsSchema);
}

export function useStats(accountId: string) {
  return useQuery({ queryKey: queryKeys.stats(accountId), queryFn: () => getStats(accountId) });
}
