import type { BillingEvent } from './billing-event.js';

/** What a provider needs to open a checkout (BL-7, BL-8). */
export interface CheckoutRequest {
  /** Our checkout session id. */
  checkoutId: string;
  accountId: string;
  productId: string;
  interval: 'month' | 'year';
  /** The provider's price (Stripe `price_…`); null when the operator has not mapped it. */
  providerPriceId: string | null;
  /** The account's customer at the provider, when it has paid before. */
  customerId: string | null;
  /** Built by the server from PUBLIC_URL or the request's origin, never taken from the client (S20). */
  successUrl: string;
  cancelUrl: string;
  /** Where the app is reached (the test provider's page lives there). */
  baseUrl: string;
}

/** The webhook's signature did not verify (BL-10): a 400, nothing changes. */
export class WebhookSignatureError extends Error {
  constructor() {
    super('webhook signature verification failed');
    this.name = 'WebhookSignatureError';
  }
}

/** A correctly signed event whose body lacks what its type must carry (issue 36): a 400, nothing changes. */
export class MalformedEventError extends Error {
  constructor(readonly eventId: string | null) {
    super('webhook event malformed');
    this.name = 'MalformedEventError';
  }
}

/** A payment provider: Stripe when its keys are set, else the built-in test provider (BL-8). */
export interface CheckoutProvider {
  readonly kind: 'stripe' | 'test';
  /** Opens a checkout; where the browser goes next and the provider's session id. */
  createCheckout(request: CheckoutRequest): Promise<{ url: string; providerSessionId: string | null }>;
  /** The customer portal's address for a customer (Stripe only). */
  createPortal(customerId: string, returnUrl: string): Promise<string>;
  /**
   * Verifies a webhook's raw body against its signature and reads the event; throws
   * WebhookSignatureError or MalformedEventError.
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): BillingEvent;
}

/** The built-in test provider: a local page of our app, no network, no money (BL-9). */
export function createTestProvider(): CheckoutProvider {
  return {
    kind: 'test',
    async createCheckout(request) {
      return {
        url: `${request.baseUrl}/billing/test-checkout/${encodeURIComponent(request.checkoutId)}`,
        providerSessionId: null,
      };
    },
    async createPortal() {
      throw new Error('the test provider has no customer portal');
    },
    verifyWebhook() {
      // The test provider completes through applyBillingEvent directly; it accepts no webhook.
      throw new WebhookSignatureError();
    },
  };
}
