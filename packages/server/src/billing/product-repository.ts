import type { BillingInterval } from '@ipam/core/api/billing';
import type { Db } from '../db/database.js';

/** A product with its prices, as the repository returns them. */
export interface ProductRecord {
  id: string;
  name: string;
  description: string;
  benefits: string[];
  active: boolean;
  tier: number;
  sortOrder: number;
  prices: PriceRecord[];
}

/** A price row with the product it belongs to. */
export interface PriceRecord {
  id: string;
  productId: string;
  interval: BillingInterval;
  unitAmount: number;
  currency: string;
  active: boolean;
  providerPriceId: string | null;
}

/** A price together with its product's name and tier (what a checkout needs). */
export interface PriceWithProduct extends PriceRecord {
  productName: string;
  productTier: number;
  productActive: boolean;
}

const priceColumns = [
  'prices.id',
  'prices.product_id as productId',
  'prices.interval',
  'prices.unit_amount as unitAmount',
  'prices.currency',
  'prices.active',
  'prices.provider_price_id as providerPriceId',
] as const;

function toInterval(value: string): BillingInterval {
  return value === 'year' ? 'year' : 'month';
}

function toPrice(row: {
  id: string;
  productId: string;
  interval: string;
  unitAmount: number;
  currency: string;
  active: number;
  providerPriceId: string | null;
}): PriceRecord {
  return {
    ...row,
    interval: toInterval(row.interval),
    unitAmount: Number(row.unitAmount),
    active: row.active === 1,
  };
}

function parseBenefits(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** Every product with every price (active or not), in sort order (the admin listing). */
export async function listAllProducts(db: Db): Promise<ProductRecord[]> {
  const products = await db.selectFrom('products').selectAll().orderBy('sort_order').orderBy('id').execute();
  const prices = await db.selectFrom('prices').select(priceColumns).orderBy('interval').execute();
  return products.map((product) => ({
    id: product.id,
    name: product.name,
    description: product.description,
    benefits: parseBenefits(product.benefits_json),
    active: product.active === 1,
    tier: product.tier,
    sortOrder: product.sort_order,
    prices: prices.filter((price) => price.productId === product.id).map(toPrice),
  }));
}

/**
 * The active products with only their active prices, by monthly price ascending (BL-6); a product
 * without a monthly price goes after those with one, by its sort order.
 */
export async function listActiveProducts(db: Db): Promise<ProductRecord[]> {
  const active = (await listAllProducts(db))
    .filter((product) => product.active)
    .map((product) => ({ ...product, prices: product.prices.filter((price) => price.active) }));
  const monthly = (product: ProductRecord) =>
    product.prices.find((price) => price.interval === 'month')?.unitAmount ?? Number.POSITIVE_INFINITY;
  return active.sort((a, b) => monthly(a) - monthly(b) || a.sortOrder - b.sortOrder);
}

const priceWithProduct = (db: Db) =>
  db
    .selectFrom('prices')
    .innerJoin('products', 'products.id', 'prices.product_id')
    .select(priceColumns)
    .select([
      'products.name as productName',
      'products.tier as productTier',
      'products.active as productActive',
    ]);

function toPriceWithProduct(
  row: Parameters<typeof toPrice>[0] & { productName: string; productTier: number; productActive: number },
): PriceWithProduct {
  const { productName, productTier, productActive, ...price } = row;
  return { ...toPrice(price), productName, productTier, productActive: productActive === 1 };
}

/** A price by our id, with its product; undefined when there is none. */
export async function findPrice(db: Db, priceId: string): Promise<PriceWithProduct | undefined> {
  const row = await priceWithProduct(db).where('prices.id', '=', priceId).executeTakeFirst();
  return row ? toPriceWithProduct(row) : undefined;
}

/** A price by the provider's price id (a Stripe `price_…`), with its product. */
export async function findPriceByProviderId(
  db: Db,
  providerPriceId: string,
): Promise<PriceWithProduct | undefined> {
  const row = await priceWithProduct(db)
    .where('prices.provider_price_id', '=', providerPriceId)
    .executeTakeFirst();
  return row ? toPriceWithProduct(row) : undefined;
}

/** Maps a price to the provider's price id (null removes the mapping); returns whether the price exists. */
export async function setProviderPriceId(
  db: Db,
  priceId: string,
  providerPriceId: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('prices')
    .set({ provider_price_id: providerPriceId })
    .where('id', '=', priceId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets a price's amount in cents; returns whether the price exists. */
export async function setPriceAmount(db: Db, priceId: string, unitAmount: number): Promise<boolean> {
  const result = await db
    .updateTable('prices')
    .set({ unit_amount: unitAmount })
    .where('id', '=', priceId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Switches a product or a price on or off (listed and purchasable, or not); returns whether it exists. */
export async function setActive(db: Db, id: string, active: boolean): Promise<boolean> {
  const value = active ? 1 : 0;
  const product = await db
    .updateTable('products')
    .set({ active: value })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(product.numUpdatedRows) > 0) return true;
  const price = await db.updateTable('prices').set({ active: value }).where('id', '=', id).executeTakeFirst();
  return Number(price.numUpdatedRows) > 0;
}
