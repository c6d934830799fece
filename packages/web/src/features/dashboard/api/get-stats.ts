import { type Stats, statsResponse } from '@ipam/core/api/account';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The account's subnet and group counts and its network limit. */
export function getStats(accountId: string): Promise<Stats> {
  return api.get(`/api/accounts/${accountId}/stats`, statsResponse);
}

export function useStats(accountId: string) {
  return useQuery({ queryKey: queryKeys.stats(accountId), queryFn: () => getStats(accountId) });
}
