import { z } from 'zod';
import { listOf } from './common.js';

/** How often a price is charged (BL-1). */
export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** One price of a product: integer cents in `currency` per `interval` (BL-1, BL-6). */
export const priceResponse = z.object({
  id: z.string(),
  interval: z.enum(BILLING_INTERVALS),
  unit_amount: z.number().int().describe('cents'),
  currency: z.string(),
});
export type Price = z.infer<typeof priceResponse>;

/** A paid product (BL-6): only active products with their active prices are listed. */
export const productResponse = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  benefits: z.array(z.string()),
  active: z.boolean(),
  tier: z.number().int(),
  prices: z.array(priceResponse),
});
export type Product = z.infer<typeof productResponse>;

/** GET /api/billing/products, ordered by monthly price ascending. */
export const productsResponse = listOf(productResponse);

/** The states of a checkout session (BL-11, BL-25). */
export const CHECKOUT_STATUSES = ['open', 'complete', 'canceled', 'expired'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** POST /api/accounts/:a/checkout-sessions: where the browser goes next (BL-7). */
export const checkoutSessionCreatedResponse = z.object({ id: z.string(), url: z.string() });

/** GET /api/accounts/:a/checkout-sessions/:id: what the test page and the success page show (BL-9, BL-22). */
export const checkoutSessionResponse = z.object({
  id: z.string(),
  status: z.enum(CHECKOUT_STATUSES),
  provider: z.enum(['stripe', 'test']),
  productName: z.string(),
  tier: z.number().int(),
  interval: z.enum(BILLING_INTERVALS),
  unit_amount: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionResponse>;

/** The test provider's Pay and Cancel: the return address the server built (BL-9). */
export const checkoutRedirectResponse = z.object({ redirectUrl: z.string() });

/** GET /api/accounts/:a/subscription: the account's subscription, and whether the owner can manage it. */
export const subscriptionResponse = z.object({
  subStatus: z.string().nullable(),
  subEnd: z.string().nullable(),
  canManage: z
    .boolean()
    .describe('the caller is the owner, Stripe is configured and the account has a Stripe customer'),
});
export type Subscription = z.infer<typeof subscriptionResponse>;

/** POST /api/accounts/:a/billing-portal-sessions: Stripe's customer portal address. */
export const portalSessionResponse = z.object({ url: z.string() });

/** POST /api/billing/webhook: the event was taken (applied now, or already applied before). */
export const webhookReceiptResponse = z.object({
  received: z.literal(true),
  outcome: z.enum(['applied', 'duplicate', 'ignored']),
});
