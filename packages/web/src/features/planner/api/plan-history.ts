import { planHistoryPageResponse } from '@ipam/core/api/plan';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { planPath } from './plans.js';

/** A plan's change history, newest first, 50 a page (PL-18, PL-77); only fetched while shown. */
export function usePlanHistory(accountId: string, planId: string, isShown: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.planHistory(accountId, planId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const query = pageParam === null ? '' : `?cursor=${encodeURIComponent(pageParam)}`;
      return api.get(`${planPath(accountId, planId)}/history${query}`, planHistoryPageResponse);
    },
    getNextPageParam: (page) => page.nextCursor,
    enabled: isShown,
  });
}
