import { useQuery } from '@tanstack/react-query';
import { getAlerts } from '../../../lib/alerts.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** How many alerts the dashboard lists. */
export const RECENT_ALERTS = 8;

/** The account's newest alerts for the dashboard (refreshed by live `alert` events). */
export function useRecentAlerts(accountId: string) {
  return useQuery({
    queryKey: [...queryKeys.alerts(accountId), { limit: RECENT_ALERTS }],
    queryFn: () => getAlerts(accountId, RECENT_ALERTS),
  });
}
