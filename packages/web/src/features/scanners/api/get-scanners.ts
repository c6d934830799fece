import { listOf } from '@ipam/core/api/common';
import { scannerResponse } from '@ipam/core/api/scanner';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

const scannerList = listOf(scannerResponse);

/** An agent calling in changes its last-seen time without a live event: the list is re-read this often. */
const lastSeenRefreshMs = 30_000;

/** The account's scanners (live: a scanner or subnet event refreshes them, "(Removed)" included). */
export function useScanners(accountId: string) {
  return useQuery({
    queryKey: queryKeys.scanners(accountId),
    queryFn: async () => (await api.get(`/api/accounts/${accountId}/scanners`, scannerList)).items,
    refetchInterval: lastSeenRefreshMs,
  });
}
