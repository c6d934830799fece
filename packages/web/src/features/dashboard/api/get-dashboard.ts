import type { Dashboard } from '@ipam/core/api/dashboard';
import { accountRoutes } from '@ipam/core/api/routes/accounts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The account's dashboard: the three counts, address totals, fullest subnets, approvals, latest changes. */
export function getDashboard(accountId: string): Promise<Dashboard> {
  return call(accountRoutes.dashboard, { params: { accountId } });
}

export function useDashboard(accountId: string) {
  return useQuery({ queryKey: queryKeys.dashboard(accountId), queryFn: () => getDashboard(accountId) });
}
