import type { BillingInterval, Price, Product } from '@ipam/core/api/billing';
import { formatCents, priceFor, priceLabel, yearlySaving } from '@ipam/core/billing-prices';
import { messages } from '@ipam/core/messages';

/** What one plan card shows and allows (BL-15, BL-16, BL-19, BL-20, BL-21). */
export interface PlanCard {
  product: Product;
  /** The price for the chosen interval, if the product has one. */
  price: Price | undefined;
  /** '$5.99 / month', '$65.89 / year' or 'N/A'. */
  priceText: string;
  /** 'Save $5.99' on Yearly when a year costs less than twelve months; else null. */
  savingText: string | null;
  benefits: readonly string[];
  isMostPopular: boolean;
  /**
   * The cheapest card the viewer can buy for the interval: highlighted as the default selection (S37).
   * A card whose button is disabled (current, lower, no price, not the owner) never is (issue 29).
   */
  isHighlighted: boolean;
  isCurrent: boolean;
  buttonLabel: string;
  isButtonDisabled: boolean;
  /** Why the button is disabled, shown under it; null when it is enabled (or only has no price). */
  note: string | null;
}

/** Who looks at the cards: the account's tier and whether they own it. */
export interface CardViewer {
  tier: number;
  isOwner: boolean;
}

/** The cards in the server's order (BL-6); the second one is 'Most Popular' (S39). */
export function planCards(
  products: readonly Product[],
  interval: BillingInterval,
  viewer: CardViewer,
): PlanCard[] {
  const cards = products.map((product, index): PlanCard => {
    const price = priceFor(product.prices, interval);
    const saving = interval === 'year' ? yearlySaving(product.prices) : null;
    const isCurrent = product.tier === viewer.tier;
    const isLower = product.tier < viewer.tier;
    let note: string | null = null;
    if (!isCurrent && isLower) note = messages.contactSupportToChangePlan;
    else if (!isCurrent && !viewer.isOwner) note = messages.ownerOnlyPlan;
    return {
      product,
      price,
      priceText: priceLabel(price),
      savingText: saving === null ? null : messages.yearlySaving(formatCents(saving)),
      benefits: product.benefits.length > 0 ? product.benefits : messages.defaultBenefits,
      isMostPopular: index === 1,
      isHighlighted: false,
      isCurrent,
      buttonLabel: isCurrent ? messages.currentPlan : messages.upgradeTo(product.name),
      isButtonDisabled: isCurrent || isLower || !viewer.isOwner || price === undefined,
      note,
    };
  });
  const buyable = cards.filter((card) => !card.isButtonDisabled && card.price !== undefined);
  const cheapest = Math.min(...buyable.map((card) => card.price?.unit_amount ?? Number.POSITIVE_INFINITY));
  const highlighted = buyable.find((card) => card.price?.unit_amount === cheapest);
  return cards.map((card) => (card === highlighted ? { ...card, isHighlighted: true } : card));
}
