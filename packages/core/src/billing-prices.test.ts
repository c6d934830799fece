import { describe, expect, it } from 'vitest';
import type { Price } from './api/billing.js';
import { formatCents, priceFor, priceLabel, yearlySaving } from './billing-prices.js';

const price = (interval: 'month' | 'year', unit_amount: number): Price => ({
  id: `p-${interval}`,
  interval,
  unit_amount,
  currency: 'usd',
});

describe('price rendering (BL-32)', () => {
  it('shows cents as dollars with two decimals', () => {
    expect(formatCents(599)).toBe('$5.99');
    expect(formatCents(6589)).toBe('$65.89');
    expect(formatCents(61589)).toBe('$615.89');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(100)).toBe('$1.00');
    expect(formatCents(123456)).toBe('$1,234.56');
  });

  it("labels a price per interval, and 'N/A' when the interval has none (BL-15)", () => {
    expect(priceLabel(price('month', 599))).toBe('$5.99 / month');
    expect(priceLabel(price('year', 17589))).toBe('$175.89 / year');
    const monthOnly = [price('month', 599)];
    expect(priceLabel(priceFor(monthOnly, 'year'))).toBe('N/A');
  });
});

describe('yearly saving (BL-21, S11)', () => {
  it('is twelve months minus the year when positive', () => {
    expect(yearlySaving([price('month', 599), price('year', 6589)])).toBe(599);
    expect(yearlySaving([price('month', 1599), price('year', 17589)])).toBe(1599);
  });

  it("is null for the spec's Enterprise figures (a year costs $4.01 more than twelve months)", () => {
    expect(yearlySaving([price('month', 5099), price('year', 61589)])).toBeNull();
  });

  it('is null when there is no saving or an interval is missing', () => {
    expect(yearlySaving([price('month', 100), price('year', 1200)])).toBeNull();
    expect(yearlySaving([price('month', 599)])).toBeNull();
    expect(yearlySaving([price('year', 6589)])).toBeNull();
  });
});
