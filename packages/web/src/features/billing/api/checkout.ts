import type { CheckoutSession } from '@ipam/core/api/billing';
import { billingRoutes } from '@ipam/core/api/routes/billing';
import type { CheckoutSessionCreateInput } from '@ipam/core/schemas/billing-schemas';
import { messages } from '@ipam/core/messages';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** A 401: the session ended meanwhile (expired, or logged out in another tab). */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Starts a checkout for a price (BL-7); the answer's url is where the browser goes next. When the
 * session has ended, the app is already on its way to /login: 'User is not authenticated.' goes with
 * the user as a notification there (BL-18), rather than flashing on the page being left (issue 29).
 * It is said here, not by the page, because the page unmounts before its own callbacks could run.
 */
export function useStartCheckout(accountId: string) {
  return useMutation({
    mutationFn: (input: CheckoutSessionCreateInput) =>
      call(billingRoutes.startCheckout, { params: { accountId }, body: input }),
    onError: (error) => {
      if (isSessionEnded(error)) {
        notifications.show({
          id: 'session-ended',
          color: 'red',
          message: messages.notAuthenticated,
          autoClose: 8000,
        });
      }
    },
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
