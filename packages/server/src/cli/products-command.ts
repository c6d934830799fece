import { formatCents } from '@ipam/core/billing-prices';
import { tierName } from '@ipam/core/tiers';
import {
  listAllProducts,
  setActive,
  setPriceAmount,
  setProviderPriceId,
} from '../billing/product-repository.js';
import type { Db } from '../db/database.js';
import type { Write } from './cli-database.js';

/** The usage lines of `ipam admin products`. */
export const productsUsage = `  ipam admin products
  ipam admin products set-price-id <price-id> <stripe-price-id|none>
  ipam admin products set-amount <price-id> <cents>
  ipam admin products activate|deactivate <product-id|price-id>
`;

/** Prints rows as aligned columns. */
function printTable(rows: string[][], out: Write): void {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((r) => (r[col] ?? '').length))) ?? [];
  for (const row of rows)
    out(
      `${row
        .map((cell, col) => cell.padEnd(widths[col] ?? 0))
        .join('  ')
        .trimEnd()}\n`,
    );
}

async function list(db: Db, out: Write): Promise<number> {
  const rows = [['PRICE', 'PRODUCT', 'TIER', 'INTERVAL', 'AMOUNT', 'CENTS', 'ACTIVE', 'STRIPE PRICE']];
  for (const product of await listAllProducts(db)) {
    for (const price of product.prices) {
      rows.push([
        price.id,
        `${product.name}${product.active ? '' : ' (inactive)'}`,
        `${product.tier} ${tierName(product.tier)}`,
        price.interval,
        `${formatCents(price.unitAmount)} ${price.currency.toUpperCase()}`,
        String(price.unitAmount),
        price.active && product.active ? 'yes' : 'no',
        price.providerPriceId ?? '-',
      ]);
    }
  }
  printTable(rows, out);
  return 0;
}

/** `ipam admin products …`: list products and prices, map Stripe price ids, change amounts (BL-5). */
export async function runProducts(db: Db, args: readonly string[], out: Write, err: Write): Promise<number> {
  const [sub, id, value] = args;
  if (sub === undefined) return list(db, out);
  const fail = (message: string) => {
    err(`ipam admin products: ${message}\nusage:\n${productsUsage}`);
    return 2;
  };
  const missing = (what: string) => {
    err(`ipam admin products: no ${what} '${id}' (see ipam admin products)\n`);
    return 1;
  };
  if (sub === 'set-price-id') {
    if (!id || !value || !/^(none|price_[A-Za-z0-9]+)$/.test(value)) {
      return fail('expected a price id and a Stripe price id (price_…) or none');
    }
    const mapped = value === 'none' ? null : value;
    if (!(await setProviderPriceId(db, id, mapped))) return missing('price');
    out(`price ${id}: Stripe price ${mapped ?? 'none'}\n`);
    return 0;
  }
  if (sub === 'set-amount') {
    if (!id || !value || !/^\d{1,9}$/.test(value))
      return fail('expected a price id and an amount in whole cents');
    if (!(await setPriceAmount(db, id, Number(value)))) return missing('price');
    out(`price ${id}: ${formatCents(Number(value))}\n`);
    return 0;
  }
  if ((sub === 'activate' || sub === 'deactivate') && id) {
    if (!(await setActive(db, id, sub === 'activate'))) return missing('product or price');
    out(`${id}: ${sub === 'activate' ? 'active' : 'inactive'}\n`);
    return 0;
  }
  return fail(`unknown subcommand '${sub}'`);
}
