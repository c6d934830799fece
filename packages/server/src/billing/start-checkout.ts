import { randomUUID } from 'node:crypto';
import { messages } from '@ipam/core/messages';
import type { CheckoutSessionCreateInput } from '@ipam/core/schemas/billing-schemas';
import { runChange, type UserChangeContext } from '../commands/change.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { findBillingCustomer } from './billing-event-repository.js';
import { insertCheckout, setCheckoutStatus, setProviderSessionId } from './checkout-repository.js';
import type { CheckoutProvider } from './checkout-provider.js';
import { findPrice, listActiveProducts, type PriceRecord, type ProductRecord } from './product-repository.js';

/** A checkout session stays open this long, as Stripe's do by default (BL-25). */
export const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** What billing commands need besides the change context. */
export interface BillingSetup {
  provider: CheckoutProvider;
  /** BILLING=off: no checkout at all. */
  isEnabled: boolean;
}

/** The return addresses, built by the server only (BL-7, S20). */
export function returnUrls(baseUrl: string, checkoutId: string): { successUrl: string; cancelUrl: string } {
  return {
    successUrl: `${baseUrl}/checkout/success?session_id=${encodeURIComponent(checkoutId)}`,
    cancelUrl: `${baseUrl}/checkout/cancel`,
  };
}

/**
 * Whether a price can be bought through this provider: with Stripe only once the operator has mapped
 * it to a Stripe price (BL-5, BL-8); an unmapped one is neither listed nor sold, so it never looks
 * buyable (issue 29).
 */
export function isPurchasable(
  price: Pick<PriceRecord, 'providerPriceId'>,
  provider: CheckoutProvider,
): boolean {
  return provider.kind !== 'stripe' || price.providerPriceId !== null;
}

/** The products the Upgrade page lists (BL-6): the active ones with their active, purchasable prices. */
export async function listPurchasableProducts(db: Db, setup: BillingSetup): Promise<ProductRecord[]> {
  return (await listActiveProducts(db)).map((product) => ({
    ...product,
    prices: product.prices.filter((price) => isPurchasable(price, setup.provider)),
  }));
}

/**
 * Starts a checkout for the account's owner (BL-7, BL-8): the price must be active and above the
 * account's tier; the session is stored, then the provider makes its page. A provider failure marks
 * the session canceled and answers 'checkout_failed' (BL-31); its cause is logged, never shown.
 */
export async function startCheckout(
  ctx: UserChangeContext,
  setup: BillingSetup,
  input: CheckoutSessionCreateInput,
  baseUrl: string,
): Promise<{ id: string; url: string }> {
  if (!setup.isEnabled) throw new DomainError('billing_disabled', messages.billingDisabled);
  const priceId = input.priceId?.trim() ?? '';
  if (priceId === '') throw new DomainError('price_required', messages.selectPlanAndFrequency);
  const price = await findPrice(ctx.db, priceId);
  if (!price || !price.active || !price.productActive || !isPurchasable(price, setup.provider)) {
    throw new DomainError('price_not_found', messages.noPriceFound);
  }
  if (ctx.account.tier >= price.productTier) throw new DomainError('already_on_tier', messages.alreadyOnTier);

  const id = randomUUID();
  const now = Date.now();
  await runChange(ctx, async ({ trx, audit }) => {
    await insertCheckout(trx, {
      id,
      accountId: ctx.account.id,
      userId: ctx.userId,
      priceId: price.id,
      provider: setup.provider.kind,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + CHECKOUT_LIFETIME_MS).toISOString(),
    });
    audit({ action: 'create', entity: 'checkout_session', entityId: id, after: { priceId: price.id } });
  });
  try {
    const made = await setup.provider.createCheckout({
      checkoutId: id,
      accountId: ctx.account.id,
      productId: price.productId,
      interval: price.interval,
      providerPriceId: price.providerPriceId,
      customerId: await findBillingCustomer(ctx.db, ctx.account.id),
      baseUrl,
      ...returnUrls(baseUrl, id),
    });
    if (made.providerSessionId) await setProviderSessionId(ctx.db, id, made.providerSessionId);
    return { id, url: made.url };
  } catch (error) {
    await setCheckoutStatus(ctx.db, id, 'canceled');
    // Only the message: a provider error object can carry request details.
    const cause = error instanceof Error ? error.message : String(error);
    ctx.log?.warn({ checkoutId: id, cause }, 'checkout provider failed');
    throw new DomainError('checkout_failed', messages.checkoutFailed);
  }
}
