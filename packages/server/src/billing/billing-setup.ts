import type { BillingConfig } from '../config/env.js';
import { createTestProvider } from './checkout-provider.js';
import type { BillingSetup } from './start-checkout.js';
import { createStripeProvider, type StripeApiTarget } from './stripe-provider.js';

/** Stripe when its keys are set, else the built-in test provider (BL-8); BILLING=off turns checkout off. */
export function createBillingProvider(config: BillingConfig, stripeApi?: StripeApiTarget): BillingSetup {
  return {
    isEnabled: config.enabled,
    provider: config.stripe ? createStripeProvider(config.stripe, stripeApi) : createTestProvider(),
  };
}
