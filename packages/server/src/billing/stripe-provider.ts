import Stripe from 'stripe';
import { WebhookSignatureError, type CheckoutProvider } from './checkout-provider.js';
import { toBillingEvent } from './stripe-event.js';

/** Where the Stripe client sends its requests; only tests point it elsewhere (a loopback server). */
export interface StripeApiTarget {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** Stripe: Checkout in subscription mode, the customer portal, signed webhooks (BL-8, BL-10). */
export function createStripeProvider(
  keys: { secretKey: string; webhookSecret: string },
  target?: StripeApiTarget,
): CheckoutProvider {
  const stripe = new Stripe(keys.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(target ? { host: target.host, port: target.port, protocol: target.protocol } : {}),
  });
  return {
    kind: 'stripe',
    async createCheckout(request) {
      if (!request.providerPriceId) {
        throw new Error(`price of ${request.productId}/${request.interval} has no Stripe price id`);
      }
      const metadata = {
        checkoutId: request.checkoutId,
        accountId: request.accountId,
        productId: request.productId,
        interval: request.interval,
      };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: request.providerPriceId, quantity: 1 }],
        client_reference_id: request.accountId,
        metadata,
        subscription_data: { metadata },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        ...(request.customerId ? { customer: request.customerId } : {}),
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a url');
      return { url: session.url, providerSessionId: session.id };
    },
    async createPortal(customerId, returnUrl) {
      const portal = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return portal.url;
    },
    verifyWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError();
      let event: unknown;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, keys.webhookSecret);
      } catch {
        throw new WebhookSignatureError();
      }
      return toBillingEvent(event);
    },
  };
}
