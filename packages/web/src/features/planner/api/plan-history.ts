import { planRoutes } from '@ipam/core/api/routes/plans';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** A plan's change history, newest first, 50 a page (PL-18, PL-77); only fetched while shown. */
export function usePlanHistory(accountId: string, planId: string, isShown: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.planHistory(accountId, planId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      call(planRoutes.history, { params: { accountId, planId }, query: { cursor: pageParam ?? undefined } }),
    getNextPageParam: (page) => page.nextCursor,
    enabled: isShown,
  });
}
