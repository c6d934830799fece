import { scannerRoutes } from '@ipam/core/api/routes/scanners';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** An agent calling in changes its last-seen time without a live event: the list is re-read this often. */
const lastSeenRefreshMs = 30_000;

/** The account's scanners (live: a scanner or subnet event refreshes them, "(Removed)" included). */
export function useScanners(accountId: string) {
  return useQuery({
    queryKey: queryKeys.scanners(accountId),
    queryFn: async () => (await call(scannerRoutes.list, { params: { accountId } })).items,
    refetchInterval: lastSeenRefreshMs,
  });
}
