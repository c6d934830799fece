import { portalSessionResponse, subscriptionResponse } from '@ipam/core/api/billing';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The account's subscription, and whether the caller may open Stripe's customer portal. */
export function useSubscription(accountId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.subscription(accountId),
    queryFn: () =>
      api.get(`/api/accounts/${encodeURIComponent(accountId)}/subscription`, subscriptionResponse),
    enabled,
  });
}

/** Opens Stripe's customer portal ('Manage subscription'). */
export function useOpenPortal(accountId: string) {
  return useMutation({
    mutationFn: () =>
      api.action(
        `/api/accounts/${encodeURIComponent(accountId)}/billing-portal-sessions`,
        portalSessionResponse,
      ),
  });
}
