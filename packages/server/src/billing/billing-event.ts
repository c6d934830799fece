/**
 * A payment provider's event in our terms: what the completion code needs, whoever sent it (Stripe's
 * webhook, or the built-in test provider's Pay button, BL-9).
 */
export type BillingEvent =
  | {
      id: string;
      type: 'checkout.session.completed';
      /** Our checkout session id (metadata or client data), when the provider carries it. */
      checkoutId: string | null;
      /** The provider's session id (`cs_…`); null for the test provider. */
      providerSessionId: string | null;
      subscriptionId: string | null;
      customerId: string | null;
    }
  | {
      id: string;
      type: 'customer.subscription.updated';
      subscriptionId: string;
      status: string;
      /** End of the current period (ISO), when the provider says. */
      periodEnd: string | null;
      /** The subscription's price at the provider (Stripe `price_…`). */
      providerPriceId: string | null;
    }
  | {
      id: string;
      type: 'customer.subscription.deleted';
      subscriptionId: string;
      endedAt: string | null;
    }
  | { id: string; type: 'other'; providerType: string };

/** What became of a delivered event. */
export type BillingEventOutcome = 'applied' | 'duplicate' | 'ignored';

/** Seconds since the epoch (Stripe's timestamps) as ISO 8601 UTC, or null. */
export function isoFromSeconds(seconds: number | null | undefined): string | null {
  return typeof seconds === 'number' && Number.isFinite(seconds)
    ? new Date(seconds * 1000).toISOString()
    : null;
}

/** The end of a period that starts at `start` and lasts one month or one year (UTC calendar). */
export function periodEndFrom(start: Date, interval: 'month' | 'year'): string {
  const end = new Date(start);
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end.toISOString();
}
