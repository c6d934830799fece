import { alertRoutes } from '@ipam/core/api/routes/alerts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Whether the user gets the daily e-mail of alerts, and whether the server can send it. */
export function useAlertDigest() {
  return useQuery({ queryKey: queryKeys.alertDigest, queryFn: () => call(alertRoutes.digest) });
}

/** Opts in to or out of the daily e-mail of alerts. */
export function useSetAlertDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isOptedIn: boolean) => call(alertRoutes.setDigest, { body: { isOptedIn } }),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.alertDigest, settings),
  });
}
