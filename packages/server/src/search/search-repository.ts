import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
import { sql } from 'kysely';
import { valueOfSortKey } from '../addresses/address-keys.js';
import { containsPattern } from '../addresses/address-repository.js';
import type { Db } from '../db/database.js';
import { toCount } from '../db/db-values.js';

/** A written address that matched, with its subnet. */
export interface WrittenMatch {
  id: string;
  subnetId: string;
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

/** What one pass over the account's written addresses found. */
export interface WrittenMatches {
  /** The first `perSubnet` matches of each subnet, by subnet then address. */
  rows: WrittenMatch[];
  totals: Map<string, WrittenTotals>;
}

/** The texts compared, lower-cased: `text` with hostname and description, `address` with the address. */
export interface SearchTexts {
  text: string;
  address: string;
}

/**
 * Written addresses of these subnets whose address, hostname or description contains the search: one
 * statement, the rows ranked per subnet by a window function so only the first `perSubnet` of each
 * come back, with each subnet's totals beside them. `subnet_id in (...)` keeps the scan to the
 * account's rows through the (subnet_id, sort_key) index; the folded columns make the comparison
 * Unicode case-insensitive alike on both engines.
 */
export async function findWrittenMatches(
  db: Db,
  subnetIds: readonly string[],
  texts: SearchTexts,
  perSubnet: number,
): Promise<WrittenMatches> {
  if (subnetIds.length === 0) return { rows: [], totals: new Map() };
  const addressLike = sql<boolean>`ip_address like ${containsPattern(texts.address)} escape '\\'`;
  const textPattern = containsPattern(texts.text);
  const ranked = db
    .selectFrom('ip_addresses')
    .select((eb) => [
      'id',
      'subnet_id',
      'sort_key',
      'ip_address',
      'status',
      'hostname',
      'description',
      eb.fn
        .agg<number>('row_number')
        .over((ob) => ob.partitionBy('subnet_id').orderBy('sort_key'))
        .as('rank'),
      eb.fn
        .countAll<string | number>()
        .over((ob) => ob.partitionBy('subnet_id'))
        .as('matching'),
      eb.fn
        .sum<string | number | null>(eb.case().when(addressLike).then(1).else(0).end())
        .over((ob) => ob.partitionBy('subnet_id'))
        .as('address_matches'),
    ])
    .where('subnet_id', 'in', [...subnetIds])
    .where((eb) =>
      eb.or([
        addressLike,
        sql<boolean>`hostname_folded like ${textPattern} escape '\\'`,
        sql<boolean>`description_folded like ${textPattern} escape '\\'`,
      ]),
    );
  const rows = await db
    .selectFrom(ranked.as('m'))
    .selectAll()
    .where('m.rank', '<=', perSubnet)
    .orderBy('m.subnet_id')
    .orderBy('m.sort_key')
    .execute();
  const totals = new Map<string, WrittenTotals>();
  const matches = rows.map((row) => {
    totals.set(row.subnet_id, {
      matching: toCount(row.matching),
      addressMatches: toCount(row.address_matches),
    });
    return {
      id: row.id,
      subnetId: row.subnet_id,
      value: valueOfSortKey(row.sort_key),
      ipAddress: row.ip_address,
      status: row.status,
      hostname: row.hostname,
      description: row.description,
    };
  });
  return { rows: matches, totals };
}
