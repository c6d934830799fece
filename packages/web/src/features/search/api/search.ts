import { type SearchResult, searchResponse } from '@ipam/core/api/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Searches every subnet of the account for a text. */
export function searchAccount(accountId: string, q: string): Promise<SearchResult> {
  return api.get(`/api/accounts/${accountId}/search?${new URLSearchParams({ q })}`, searchResponse);
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
