import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
import { sql, type Expression, type SqlBool } from 'kysely';
import { valueOfSortKey } from '../addresses/address-keys.js';
import { containsPattern, type SubnetRef } from '../addresses/address-repository.js';
import { chunksOf } from '../db/chunks.js';
import type { Db } from '../db/database.js';
import { toCount } from '../db/db-values.js';

/** A written address that matched. */
export interface WrittenMatch {
  id: string;
  value: bigint;
  ipAddress: string;
  status: AddressStatus;
  hostname: string;
  description: string;
}

/** Per subnet: written rows that match, and those among them whose address text matches. */
export interface WrittenTotals {
  matching: number;
  addressMatches: number;
}

/**
 * The texts compared, lower-cased: `text` with hostname and description, `address` with the address;
 * `address` is null when the search holds a character no address text has (then no row's address
 * can match, and the column is not compared at all).
 */
export interface SearchTexts {
  text: string;
  address: string | null;
}

function addressContains(address: string): Expression<SqlBool> {
  return sql<SqlBool>`ip_address like ${containsPattern(address)} escape '\\'`;
}

/** Address, hostname or description contains the search (the folded columns: Unicode case-insensitive on both engines). */
function matchCondition(texts: SearchTexts): Expression<SqlBool> {
  const pattern = containsPattern(texts.text);
  const hostname = sql<SqlBool>`hostname_folded like ${pattern} escape '\\'`;
  const description = sql<SqlBool>`description_folded like ${pattern} escape '\\'`;
  const parts = texts.address === null ? [] : [addressContains(texts.address)];
  return sql<SqlBool>`(${sql.join([...parts, hostname, description], sql` or `)})`;
}

/** Subnets a counting statement covers (bound parameters stay far below both engines' limits). */
const SUBNETS_PER_COUNT = 5000;

/**
 * How many written addresses of each of these subnets match: one pass over the account's rows
 * (`subnet_id in (...)` reads them through the (subnet_id, sort_key) index), grouped, no sorting.
 * Subnets without a match are absent.
 */
export async function countWrittenMatches(
  db: Db,
  subnetIds: readonly string[],
  texts: SearchTexts,
): Promise<Map<string, WrittenTotals>> {
  const totals = new Map<string, WrittenTotals>();
  // An account of 100,000 subnets would bind more parameters than either engine allows in one statement.
  for (const chunk of chunksOf(subnetIds, SUBNETS_PER_COUNT)) {
    const rows = await db
      .selectFrom('ip_addresses')
      .select((eb) => [
        'subnet_id',
        eb.fn.countAll<string | number>().as('matching'),
        texts.address === null
          ? sql<number>`0`.as('address_matches')
          : eb.fn
              .sum<string | number | null>(
                eb.case().when(addressContains(texts.address)).then(1).else(0).end(),
              )
              .as('address_matches'),
      ])
      .where('subnet_id', 'in', chunk)
      .where(matchCondition(texts))
      .groupBy('subnet_id')
      .execute();
    for (const row of rows) {
      totals.set(row.subnet_id, {
        matching: toCount(row.matching),
        addressMatches: toCount(row.address_matches),
      });
    }
  }
  return totals;
}

/** The first `limit` written matches of one subnet in address order (the index walk stops there). */
export async function firstWrittenMatches(
  db: Db,
  subnet: SubnetRef,
  texts: SearchTexts,
  limit: number,
): Promise<WrittenMatch[]> {
  const rows = await db
    .selectFrom('ip_addresses')
    .select(['id', 'sort_key', 'ip_address', 'status', 'hostname', 'description'])
    .where('subnet_id', '=', subnet.id)
    .where(matchCondition(texts))
    .orderBy('sort_key')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    value: valueOfSortKey(row.sort_key),
    ipAddress: row.ip_address,
    status: row.status,
    hostname: row.hostname,
    description: row.description,
  }));
}
