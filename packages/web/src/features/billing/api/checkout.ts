import type { CheckoutSession } from '@ipam/core/api/billing';
import { billingRoutes } from '@ipam/core/api/routes/billing';
import type { CheckoutSessionCreateInput } from '@ipam/core/schemas/billing-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Starts a checkout for a price (BL-7); the answer's url is where the browser goes next. */
export function useStartCheckout(accountId: string) {
  return useMutation({
    mutationFn: (input: CheckoutSessionCreateInput) =>
      call(billingRoutes.startCheckout, { params: { accountId }, body: input }),
  });
}

/**
 * One checkout session of the account. `pollWhileOpen` re-reads it every second while it is open
 * (the webhook may still be on its way, BL-22).
 */
export function useCheckoutSession(accountId: string, sessionId: string, pollWhileOpen = false) {
  return useQuery({
    queryKey: queryKeys.checkoutSession(accountId, sessionId),
    queryFn: () => call(billingRoutes.checkout, { params: { accountId, checkoutId: sessionId } }),
    retry: false,
    refetchInterval: (query) => {
      const data: CheckoutSession | undefined = query.state.data;
      return pollWhileOpen && data?.status === 'open' ? 1000 : false;
    },
  });
}

/** The test provider's Pay and Cancel (BL-9): each answers the address to go to. */
export function useTestCheckoutOutcome(accountId: string, sessionId: string) {
  return useMutation({
    mutationFn: (outcome: 'test-payment' | 'test-cancel') =>
      call(outcome === 'test-payment' ? billingRoutes.payTestCheckout : billingRoutes.cancelTestCheckout, {
        params: { accountId, checkoutId: sessionId },
      }),
  });
}
