import { auditPageResponse } from '@ipam/core/api/ipam';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** What the History screen is narrowed to ('' for no filter), as its URL holds it. */
export interface HistoryFilter {
  subnetId: string;
  userId: string;
}

/** Entries a page; "Load more" fetches the next page through the cursor, however long the log. */
export const HISTORY_PAGE_SIZE = 50;

/** The audit log query for one page: the filters that are set, the page size and the cursor. */
export function historyQuery(filter: HistoryFilter, cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) });
  if (filter.subnetId) params.set('subnetId', filter.subnetId);
  if (filter.userId) params.set('userId', filter.userId);
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** The account's change history under a filter, newest first, page by page. */
export function useHistory(accountId: string, filter: HistoryFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.audit(accountId, filter),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      api.get(`/api/accounts/${accountId}/audit?${historyQuery(filter, pageParam)}`, auditPageResponse),
    getNextPageParam: (page) => page.nextCursor,
  });
}
