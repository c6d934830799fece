import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { AddressRange } from '@ipam/core/address-text-ranges';
import { prefixOf, type IpVersion } from '@ipam/core/prefix';
import { enclosingNetworks } from '@ipam/core/subnet-placement';
import { FOLDED_PART_END } from '@ipam/core/name-order';
import { sortKeyOf, valueOfSortKey } from '../addresses/address-keys.js';
import { containsPattern } from '../addresses/address-repository.js';
import { chunksOf } from '../db/chunks.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { toCount } from '../db/db-values.js';
import { toSubnet, type SubnetRecord } from '../subnets/subnet-repository.js';

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

/**
 * The match condition tested on each row the statement reads by other means (a page of leaves' own
 * rows, through the (subnet_id, sort_key) index): as a CASE, which no index serves, so PostgreSQL does
 * not intersect those rows with the trigram index, whose scan for a text in most addresses (`10.57.1.`
 * holds `.1.`) cost 10 ms where the five leaves' 750 rows take 0.3, and 20–30 ms for a page of 250.
 */
function matchOfEachRow(texts: SearchTexts): Expression<SqlBool> {
  return sql<SqlBool>`(case when ${matchCondition(texts)} then 1 else 0 end) = 1`;
}

/** How many of a group's matching rows match by their address text (0 when no address text can). */
function addressMatchCount(eb: ExpressionBuilder<Database, 'ip_addresses'>, texts: SearchTexts) {
  return texts.address === null
    ? sql<number | string | null>`0`
    : eb.fn.sum<string | number | null>(eb.case().when(addressContains(texts.address)).then(1).else(0).end());
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
        addressMatchCount(eb, texts).as('address_matches'),
      ])
      .where('subnet_id', 'in', chunk)
      .where(matchOfEachRow(texts))
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

/**
 * The first `perSubnet` written matches of each of these subnets in address order, in one statement
 * (numbered per subnet by a window function): a page of search results asks once, not once a subnet.
 */
export async function firstWrittenMatchesOf(
  db: Db,
  subnetIds: readonly string[],
  texts: SearchTexts,
  perSubnet: number,
): Promise<Map<string, WrittenMatch[]>> {
  const found = new Map<string, WrittenMatch[]>();
  for (const chunk of chunksOf(subnetIds, SUBNETS_PER_COUNT)) {
    const ranked = db
      .selectFrom('ip_addresses')
      .select(['id', 'subnet_id', 'sort_key', 'ip_address', 'status', 'hostname', 'description'])
      .select(sql<number>`row_number() over (partition by subnet_id order by sort_key)`.as('n'))
      .where('subnet_id', 'in', chunk)
      .where(matchCondition(texts))
      .as('ranked');
    const rows = await db
      .selectFrom(ranked)
      .selectAll()
      .where('n', '<=', perSubnet)
      .orderBy('subnet_id')
      .orderBy('sort_key')
      .execute();
    for (const row of rows) {
      const list = found.get(row.subnet_id) ?? [];
      found.set(row.subnet_id, list);
      list.push({
        id: row.id,
        value: valueOfSortKey(row.sort_key),
        ipAddress: row.ip_address,
        status: row.status,
        hostname: row.hostname,
        description: row.description,
      });
    }
  }
  return found;
}

/** Which subnets a search covers: the account's, or one VRF's of it. */
export interface SearchScope {
  accountId: string;
  vrfId: string | undefined;
}

function subnetsOf(db: Db, scope: SearchScope) {
  const query = db.selectFrom('subnets').where('subnets.account_id', '=', scope.accountId);
  return scope.vrfId === undefined ? query : query.where('subnets.vrf_id', '=', scope.vrfId);
}

/**
 * The statement finding subnets (leaves and containers) whose lower-cased name (the folded part of
 * `name_key`) or description contains the search, or whose network text (`10.0.0.0/24`) does, in name
 * order, at most `limit`. On PostgreSQL each condition is served by the trigram index
 * `subnets_text_trgm_idx` (its expressions are these, character for character).
 */
export function ownTextMatchesQuery(
  db: Db,
  scope: SearchScope,
  texts: SearchTexts,
  limit: number,
  walkAtMost?: number,
) {
  const pattern = containsPattern(texts.text);
  const network = containsPattern(texts.address ?? texts.text);
  const subnets =
    walkAtMost === undefined
      ? subnetsOf(db, scope)
      : db.selectFrom(
          subnetsOf(db, scope).selectAll().orderBy('name_key').orderBy('id').limit(walkAtMost).as('subnets'),
        );
  return subnets
    .selectAll()
    .where((eb) =>
      eb.or([
        sql<SqlBool>`name_key like ${`${pattern}${FOLDED_PART_END}`} escape '\\'`,
        sql<SqlBool>`description_folded like ${pattern} escape '\\'`,
        sql<SqlBool>`(network_ip || '/' || cast(prefix_length as text)) like ${network} escape '\\'`,
      ]),
    )
    .orderBy('name_key')
    .orderBy('id')
    .limit(limit);
}

/**
 * Subnets that match by their own text (ownTextMatchesQuery): with search.ts's isSubnetMatch, made
 * in SQL so that an account's 100,000 subnets are not read. (Those holding the searched address come
 * from findEnclosingSubnets, by index.) With `walkAtMost` (a text no trigram serves), only that many
 * subnets are looked at, first by name; `isCut` says the account has more.
 */
export async function findOwnTextMatches(
  db: Db,
  scope: SearchScope,
  texts: SearchTexts,
  limit: number,
  walkAtMost?: number,
): Promise<{ subnets: SubnetRecord[]; isCut: boolean }> {
  const rows = await ownTextMatchesQuery(db, scope, texts, limit, walkAtMost).execute();
  const past =
    walkAtMost === undefined
      ? undefined
      : await subnetsOf(db, scope)
          .select('id')
          .orderBy('name_key')
          .orderBy('id')
          .offset(walkAtMost)
          .limit(1)
          .executeTakeFirst();
  return { subnets: rows.map(toSubnet), isCut: past !== undefined };
}

/** A leaf subnet with its written matches counted. */
export interface LeafWithTotals {
  subnet: SubnetRecord;
  totals: WrittenTotals;
}

/**
 * The statement counting the account's written matches per subnet: on PostgreSQL the conditions are
 * served by the trigram index `ip_addresses_text_trgm_idx` for texts of three characters or more.
 */
export function writtenMatchCountsQuery(db: Db, scope: SearchScope, texts: SearchTexts) {
  return db
    .selectFrom('ip_addresses')
    .select((eb) => [
      'subnet_id',
      eb.fn.countAll<string | number>().as('matching'),
      addressMatchCount(eb, texts).as('address_matches'),
    ])
    .where('account_id', '=', scope.accountId)
    .where(matchCondition(texts))
    .groupBy('subnet_id');
}

/** Where a walk in name order goes on from: after the leaf with this name key and id. */
export interface NamePosition {
  nameKey: string;
  id: string;
}

/**
 * The first `limit` leaves in name order (after `after`, when given) that have written addresses
 * matching: the matching rows of the account counted per subnet (and those whose address text
 * matches), each counted leaf's name key read by its own index lookup (a correlated subquery, which
 * also keeps to the searched VRF), the first `limit` by name key, and only those joined to their
 * subnets. (Joined to the subnets before sorting, PostgreSQL read all of an account's 100,000
 * subnets to order the 5,000 that a common text matches: 0.1–0.2 s.)
 */
export async function firstLeavesWithWrittenMatches(
  db: Db,
  scope: SearchScope,
  texts: SearchTexts,
  limit: number,
  after: NamePosition | null = null,
): Promise<LeafWithTotals[]> {
  const matches = writtenMatchCountsQuery(db, scope, texts).as('matches');
  const named = db
    .selectFrom(matches)
    .select(['matches.subnet_id', 'matches.matching', 'matches.address_matches'])
    .select((eb) => {
      // Null for a subnet outside the scope or not after `after`.
      let nameKey = eb
        .selectFrom('subnets')
        .select('subnets.name_key')
        .whereRef('subnets.id', '=', 'matches.subnet_id')
        .where('subnets.account_id', '=', scope.accountId);
      if (scope.vrfId !== undefined) nameKey = nameKey.where('subnets.vrf_id', '=', scope.vrfId);
      if (after !== null) {
        const { nameKey: key, id } = after;
        nameKey = nameKey.where((inner) =>
          inner(inner.refTuple('subnets.name_key', 'subnets.id'), '>', inner.tuple(key, id)),
        );
      }
      return nameKey.as('name_key');
    })
    .as('named');
  const firsts = db
    .selectFrom(named)
    .select(['named.subnet_id', 'named.name_key', 'named.matching', 'named.address_matches'])
    .where('named.name_key', 'is not', null)
    .orderBy('named.name_key')
    .orderBy('named.subnet_id')
    .limit(limit)
    .as('firsts');
  const rows = await db
    .selectFrom(firsts)
    .innerJoin('subnets', 'subnets.id', 'firsts.subnet_id')
    .selectAll('subnets')
    .select(['firsts.matching', 'firsts.address_matches'])
    .orderBy('firsts.name_key')
    .orderBy('firsts.subnet_id')
    .execute();
  return rows.map(({ matching, address_matches: addressMatches, ...row }) => ({
    subnet: toSubnet(row),
    totals: { matching: toCount(matching), addressMatches: toCount(addressMatches ?? 0) },
  }));
}

/**
 * Where a leaf overlapping one of these ranges can start: inside a range, or at one of the
 * enclosing networks of a range's first address (a leaf holding that address starts at its network).
 * A leaf starting at such a network overlaps a range exactly when it reaches the smallest first
 * address it encloses (`reach`): the networks are grouped by that address.
 */
function rangeStarts(ranges: readonly AddressRange[]) {
  const reachOf = new Map<string, { version: IpVersion; key: string; reach: string }>();
  for (const range of ranges) {
    const reach = sortKeyOf(range.version, range.first);
    const point = prefixOf(range.version, range.first, range.version === 4 ? 32 : 128);
    for (const around of enclosingNetworks(point)) {
      const key = sortKeyOf(range.version, around.network);
      const known = reachOf.get(`${range.version}/${key}`);
      if (known === undefined || reach < known.reach)
        reachOf.set(`${range.version}/${key}`, { version: range.version, key, reach });
    }
  }
  const byReach = new Map<string, { version: IpVersion; reach: string; keys: string[] }>();
  for (const { version, key, reach } of reachOf.values()) {
    const group = byReach.get(`${version}/${reach}`) ?? { version, reach, keys: [] };
    byReach.set(`${version}/${reach}`, group);
    group.keys.push(key);
  }
  return [...byReach.values()];
}

/**
 * The first `limit` leaves in name order that overlap any of these ranges (the only places an
 * address text can occur, core's addressTextRanges): one statement, each condition an index lookup
 * on (account_id, version, first_key) across all VRFs (rangeStarts), so only the leaves found are
 * sorted by name.
 */
export async function firstLeavesInRanges(
  db: Db,
  scope: SearchScope,
  ranges: readonly AddressRange[],
  limit: number,
): Promise<SubnetRecord[]> {
  if (ranges.length === 0) return [];
  const rows = await subnetsOf(db, scope)
    .selectAll()
    .where('kind', '=', 'leaf')
    .where((eb) =>
      eb.or([
        ...ranges.map((range) =>
          eb.and([
            eb('version', '=', range.version),
            eb('first_key', '>=', sortKeyOf(range.version, range.first)),
            eb('first_key', '<=', sortKeyOf(range.version, range.last)),
          ]),
        ),
        ...rangeStarts(ranges).map(({ version, reach, keys }) =>
          eb.and([eb('version', '=', version), eb('first_key', 'in', keys), eb('last_key', '>=', reach)]),
        ),
      ]),
    )
    .orderBy('name_key')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toSubnet);
}

/**
 * The leaves in name order, a page at a time (keyset on name_key and id, read by the
 * (account_id, kind, name_key) index), each page with its written matches counted: for a search
 * whose text can occur in never-written addresses, where any leaf may hold a match.
 */
export async function* leafPagesInNameOrder(
  db: Db,
  scope: SearchScope,
  texts: SearchTexts,
  pageSize: number,
): AsyncGenerator<LeafWithTotals[]> {
  let after: NamePosition | null = null;
  for (;;) {
    let query = subnetsOf(db, scope).selectAll().where('kind', '=', 'leaf');
    if (after !== null) {
      const { nameKey, id } = after;
      query = query.where((eb) => eb(eb.refTuple('name_key', 'id'), '>', eb.tuple(nameKey, id)));
    }
    const rows = await query.orderBy('name_key').orderBy('id').limit(pageSize).execute();
    if (rows.length === 0) return;
    const totals = await countWrittenMatches(
      db,
      rows.map((row) => row.id),
      texts,
    );
    yield rows.map((row) => ({
      subnet: toSubnet(row),
      totals: totals.get(row.id) ?? { matching: 0, addressMatches: 0 },
    }));
    const last = rows.at(-1);
    if (rows.length < pageSize || last === undefined) return;
    after = { nameKey: last.name_key, id: last.id };
  }
}
