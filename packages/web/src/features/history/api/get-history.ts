import { auditRoutes } from '@ipam/core/api/routes/audit';
import { AUDIT_PAGE_SIZE } from '@ipam/core/schemas/audit-schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** What the History screen is narrowed to ('' for no filter), as its URL holds it. */
export interface HistoryFilter {
  subnetId: string;
  userId: string;
}

/** The audit log query for one page: the filters that are set, the page size and the cursor. */
function historyQuery(filter: HistoryFilter, cursor: string | null) {
  return {
    // Entries a page: the server's default; "Load more" follows the cursor, however long the log.
    limit: AUDIT_PAGE_SIZE,
    subnetId: filter.subnetId || undefined,
    userId: filter.userId || undefined,
    cursor: cursor ?? undefined,
  };
}

/** The account's change history under a filter, newest first, page by page. */
export function useHistory(accountId: string, filter: HistoryFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.audit(accountId, filter),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      call(auditRoutes.page, { params: { accountId }, query: historyQuery(filter, pageParam) }),
    getNextPageParam: (page) => page.nextCursor,
  });
}
