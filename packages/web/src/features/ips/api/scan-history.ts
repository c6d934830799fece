import { scanHistoryRoutes } from '@ipam/core/api/routes/scan-history';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The subnet's latest scans, when it was last scanned and the scanners covering it. */
export function useScanHistory(accountId: string, subnetId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: queryKeys.scans(accountId, subnetId),
    queryFn: () => call(scanHistoryRoutes.list, { params: { accountId, subnetId } }),
    enabled: isEnabled,
  });
}
