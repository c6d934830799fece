import { billingRoutes } from '@ipam/core/api/routes/billing';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The account's subscription, and whether the caller may open Stripe's customer portal. */
export function useSubscription(accountId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.subscription(accountId),
    queryFn: () => call(billingRoutes.subscription, { params: { accountId } }),
    enabled,
  });
}

/** Opens Stripe's customer portal ('Manage subscription'). */
export function useOpenPortal(accountId: string) {
  return useMutation({
    mutationFn: () => call(billingRoutes.openPortal, { params: { accountId } }),
  });
}
