import type { BillingInterval, Price } from './api/billing.js';

/** Integer cents as dollars with two decimals: 599 → '$5.99', 61589 → '$615.89' (BL-32). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** The product's active price for the interval, if it has one. */
export function priceFor(prices: readonly Price[], interval: BillingInterval): Price | undefined {
  return prices.find((price) => price.interval === interval);
}

/** A card's price line: '$5.99 / month', '$65.89 / year', or 'N/A' without a price (BL-15, BL-32). */
export function priceLabel(price: Price | undefined): string {
  return price ? `${formatCents(price.unit_amount)} / ${price.interval}` : 'N/A';
}

/**
 * What a year costs less than twelve months, in cents, or null when that is not a saving (S11: the
 * spec's Enterprise year costs more than twelve months, and a negative saving is never shown; BL-21).
 */
export function yearlySaving(prices: readonly Price[]): number | null {
  const month = priceFor(prices, 'month');
  const year = priceFor(prices, 'year');
  if (!month || !year) return null;
  const saving = 12 * month.unit_amount - year.unit_amount;
  return saving > 0 ? saving : null;
}
