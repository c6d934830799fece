import type { CheckoutSession, Product } from '@ipam/core/api/billing';
import type { CheckoutRecord } from './checkout-repository.js';
import type { PriceWithProduct, ProductRecord } from './product-repository.js';
import { currentStatus } from './test-checkout.js';

/** A product as the API shows it (BL-6). */
export function toProduct(product: ProductRecord): Product {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    benefits: product.benefits,
    active: product.active,
    tier: product.tier,
    prices: product.prices.map((price) => ({
      id: price.id,
      interval: price.interval,
      unit_amount: price.unitAmount,
      currency: price.currency,
    })),
  };
}

/** A checkout session as the test page and the success page see it. */
export function toCheckoutSession(checkout: CheckoutRecord, price: PriceWithProduct): CheckoutSession {
  return {
    id: checkout.id,
    status: currentStatus(checkout),
    provider: checkout.provider,
    productName: price.productName,
    tier: price.productTier,
    interval: price.interval,
    unit_amount: price.unitAmount,
    currency: price.currency,
    createdAt: checkout.createdAt,
  };
}
