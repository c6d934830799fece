import { searchRoutes } from '@ipam/core/api/routes/search';
import type { SearchResult } from '@ipam/core/api/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Searches every subnet of the account (or of one VRF) for a text. */
export function searchAccount(accountId: string, q: string, vrfId: string): Promise<SearchResult> {
  return call(searchRoutes.search, { params: { accountId }, query: { q, vrfId: vrfId || undefined } });
}

/** The search's results ('' for every VRF); nothing is asked for an empty text. */
export function useAccountSearch(accountId: string, q: string, vrfId: string) {
  return useQuery({
    queryKey: queryKeys.search(accountId, q, vrfId),
    queryFn: () => searchAccount(accountId, q, vrfId),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}
