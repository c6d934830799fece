import { searchRoutes } from '@ipam/core/api/routes/search';
import type { SearchResult } from '@ipam/core/api/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Searches every subnet of the account for a text. */
export function searchAccount(accountId: string, q: string): Promise<SearchResult> {
  return call(searchRoutes.search, { params: { accountId }, query: { q } });
}

/** The search's results; nothing is asked for an empty text. */
export function useAccountSearch(accountId: string, q: string) {
  return useQuery({
    queryKey: queryKeys.search(accountId, q),
    queryFn: () => searchAccount(accountId, q),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}
