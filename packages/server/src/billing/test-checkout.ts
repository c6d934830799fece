import { messages } from '@ipam/core/messages';
import type { UserChangeContext } from '../commands/change.js';
import { DomainError } from '../errors/domain-error.js';
import { applyBillingEvent } from './apply-billing-event.js';
import { findCheckoutOfAccount, setCheckoutStatus, type CheckoutRecord } from './checkout-repository.js';
import { returnUrls, type BillingSetup } from './start-checkout.js';

/** The session's status as of now: an open one past its expiry is expired (BL-25). */
export function currentStatus(
  checkout: CheckoutRecord,
  now = new Date().toISOString(),
): CheckoutRecord['status'] {
  return checkout.status === 'open' && checkout.expiresAt <= now ? 'expired' : checkout.status;
}

async function openTestCheckout(
  ctx: UserChangeContext,
  setup: BillingSetup,
  checkoutId: string,
): Promise<CheckoutRecord> {
  const checkout = await findCheckoutOfAccount(ctx.db, ctx.account.id, checkoutId);
  if (!checkout || checkout.provider !== 'test' || setup.provider.kind !== 'test') {
    throw new DomainError('not_found', messages.checkoutNotFound);
  }
  return checkout;
}

/**
 * The test page's 'Pay (test)' (BL-9): completes the session through the same code as Stripe's
 * webhook, then answers the success address. Paying twice changes nothing more.
 */
export async function payTestCheckout(
  ctx: UserChangeContext,
  setup: BillingSetup,
  checkoutId: string,
  baseUrl: string,
): Promise<string> {
  const checkout = await openTestCheckout(ctx, setup, checkoutId);
  const status = currentStatus(checkout);
  if (status === 'canceled' || status === 'expired') {
    throw new DomainError('checkout_not_open', messages.checkoutNotOpen);
  }
  await applyBillingEvent(ctx, {
    id: `test_evt_${checkout.id}`,
    type: 'checkout.session.completed',
    checkoutId: checkout.id,
    providerSessionId: null,
    subscriptionId: null,
    customerId: null,
  });
  return returnUrls(baseUrl, checkout.id).successUrl;
}

/** The test page's 'Cancel' (BL-9): the session is canceled and the cancel address answered. */
export async function cancelTestCheckout(
  ctx: UserChangeContext,
  setup: BillingSetup,
  checkoutId: string,
  baseUrl: string,
): Promise<string> {
  const checkout = await openTestCheckout(ctx, setup, checkoutId);
  if (checkout.status === 'open') await setCheckoutStatus(ctx.db, checkout.id, 'canceled');
  return returnUrls(baseUrl, checkout.id).cancelUrl;
}
