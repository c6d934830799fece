/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

const basics = (subnets: number, users: number) => [
  `Up to ${subnets} subnets`,
  `Up to ${users} users`,
  'IPv6 subnets (/104–/124)',
  'IPv4 subnets from /8',
  'On Prem Scanning',
  'Support tickets',
  'Up to 1,000 groups',
];

// The spec's figures in cents (BL-2) and benefits from the tier table (BL-3).
const seed = [
  {
    id: 'basic',
    name: 'Basic',
    description: 'For small networks and teams getting organised.',
    tier: 1,
    benefits: basics(10, 5),
    month: 599,
    year: 6589,
  },
  {
    id: 'business',
    name: 'Business',
    description: 'For growing organisations with several sites.',
    tier: 2,
    benefits: basics(50, 20),
    month: 1599,
    year: 17589,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'For large networks, many teams and many sites.',
    tier: 3,
    benefits: basics(500, 100),
    month: 5099,
    year: 61589,
  },
];

/** Products, prices, checkout sessions, processed billing events, and the account's billing customer. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('benefits_json', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('tier', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('prices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('interval', 'text', (c) => c.notNull())
    .addColumn('unit_amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('provider_price_id', 'text', (c) => c.unique())
    .execute();
  await db.schema.createIndex('prices_product_idx').on('prices').column('product_id').execute();

  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('price_id', 'text', (c) => c.notNull().references('prices.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_session_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema
    .createIndex('checkout_sessions_account_idx')
    .on('checkout_sessions')
    .column('account_id')
    .execute();

  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('accounts').addColumn('billing_customer_id', 'text').execute();

  for (const [index, product] of seed.entries()) {
    await db
      .insertInto('products')
      .values({
        id: product.id,
        name: product.name,
        description: product.description,
        benefits_json: JSON.stringify(product.benefits),
        active: 1,
        tier: product.tier,
        sort_order: index + 1,
      })
      .execute();
    await db
      .insertInto('prices')
      .values(
        [
          { id: `${product.id}-month`, interval: 'month', unit_amount: product.month },
          { id: `${product.id}-year`, interval: 'year', unit_amount: product.year },
        ].map((price) => ({
          ...price,
          product_id: product.id,
          currency: 'usd',
          active: 1,
          provider_price_id: null,
        })),
      )
      .execute();
  }
}

/** Drops the billing tables and the account's customer column. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('billing_customer_id').execute();
  await db.schema.dropTable('billing_events').execute();
  await db.schema.dropTable('checkout_sessions').execute();
  await db.schema.dropTable('prices').execute();
  await db.schema.dropTable('products').execute();
}
