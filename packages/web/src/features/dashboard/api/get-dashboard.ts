import { type Dashboard, dashboardResponse } from '@ipam/core/api/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The account's dashboard: the three counts, address totals, fullest subnets, approvals, latest changes. */
export function getDashboard(accountId: string): Promise<Dashboard> {
  return api.get(`/api/accounts/${accountId}/dashboard`, dashboardResponse);
}

export function useDashboard(accountId: string) {
  return useQuery({ queryKey: queryKeys.dashboard(accountId), queryFn: () => getDashboard(accountId) });
}
