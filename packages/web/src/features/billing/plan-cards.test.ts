import type { Product } from '@ipam/core/api/billing';
import { describe, expect, it } from 'vitest';
import { planCards } from './plan-cards.js';

function product(id: string, name: string, tier: number, month?: number, year?: number): Product {
  return {
    id,
    name,
    description: `${name} plan`,
    benefits: [],
    active: true,
    tier,
    prices: [
      ...(month === undefined
        ? []
        : [{ id: `${id}-month`, interval: 'month' as const, unit_amount: month, currency: 'usd' }]),
      ...(year === undefined
        ? []
        : [{ id: `${id}-year`, interval: 'year' as const, unit_amount: year, currency: 'usd' }]),
    ],
  };
}

const seeded = [
  product('basic', 'Basic', 1, 599, 6589),
  product('business', 'Business', 2, 1599, 17589),
  product('enterprise', 'Enterprise', 3, 5099, 61589),
];
const freeOwner = { tier: 0, isOwner: true };

describe('plan cards', () => {
  it("BL-15, BL-33: prices per interval, 'Upgrade to {name}' buttons, 'Most Popular' on the second card", () => {
    const monthly = planCards(seeded, 'month', freeOwner);
    expect(monthly.map((c) => c.priceText)).toEqual(['$5.99 / month', '$15.99 / month', '$50.99 / month']);
    expect(monthly.map((c) => c.buttonLabel)).toEqual([
      'Upgrade to Basic',
      'Upgrade to Business',
      'Upgrade to Enterprise',
    ]);
    expect(monthly.map((c) => c.isMostPopular)).toEqual([false, true, false]);
    expect(monthly.every((c) => !c.isButtonDisabled && c.note === null)).toBe(true);
    const yearly = planCards(seeded, 'year', freeOwner);
    expect(yearly.map((c) => c.priceText)).toEqual(['$65.89 / year', '$175.89 / year', '$615.89 / year']);
  });

  it('BL-21: Yearly shows a saving only where it is positive; Monthly shows none', () => {
    expect(planCards(seeded, 'year', freeOwner).map((c) => c.savingText)).toEqual([
      'Save $5.99',
      'Save $15.99',
      null,
    ]);
    expect(planCards(seeded, 'month', freeOwner).map((c) => c.savingText)).toEqual([null, null, null]);
  });

  it("BL-15, BL-16, BL-32: a product without a price for the interval shows 'N/A' with a disabled button", () => {
    const cards = planCards([product('basic', 'Basic', 1, 599), ...seeded.slice(1)], 'year', freeOwner);
    expect(cards[0]).toMatchObject({ priceText: 'N/A', isButtonDisabled: true, isHighlighted: false });
    expect(cards[1]?.isHighlighted).toBe(true);
  });

  it('BL-16: the cheapest card for the interval is highlighted, once', () => {
    const cards = planCards(
      [product('a', 'A', 1, 900), product('b', 'B', 2, 500), product('c', 'C', 3, 500)],
      'month',
      freeOwner,
    );
    expect(cards.map((c) => c.isHighlighted)).toEqual([false, true, false]);
  });

  it("BL-20: the current tier's card reads 'Current Plan', lower tiers say to contact support, all disabled", () => {
    const cards = planCards(seeded, 'month', { tier: 2, isOwner: true });
    expect(cards.map((c) => c.buttonLabel)).toEqual([
      'Upgrade to Basic',
      'Current Plan',
      'Upgrade to Enterprise',
    ]);
    expect(cards.map((c) => c.isButtonDisabled)).toEqual([true, true, false]);
    expect(cards[0]?.note).toBe('Contact support to change your plan.');
    expect(cards.map((c) => c.isCurrent)).toEqual([false, true, false]);
  });

  it('BL-16, issue 29: after an upgrade the highlight moves to the cheapest card still for sale', () => {
    const onBasic = planCards(seeded, 'month', { tier: 1, isOwner: true });
    expect(onBasic.map((c) => c.isHighlighted)).toEqual([false, true, false]);
    const onEnterprise = planCards(seeded, 'month', { tier: 3, isOwner: true });
    expect(onEnterprise.map((c) => c.isHighlighted)).toEqual([false, false, false]);
  });

  it('BL-19: a member who is not the owner sees every button disabled with the reason', () => {
    const cards = planCards(seeded, 'month', { tier: 0, isOwner: false });
    expect(cards.every((c) => c.isButtonDisabled)).toBe(true);
    expect(cards.map((c) => c.note)).toEqual(Array(3).fill('Only the account owner can change the plan.'));
    // Nothing is for sale to them, so no card is highlighted as the default choice.
    expect(cards.some((c) => c.isHighlighted)).toBe(false);
  });

  it("BL-3: a product without benefits shows the spec's default list", () => {
    const [card] = planCards([product('x', 'X', 1, 100)], 'month', freeOwner);
    expect(card?.benefits).toEqual([
      'Unlimited groups',
      'Priority support',
      'Advanced features',
      'On Prem Scanning',
    ]);
  });
});
