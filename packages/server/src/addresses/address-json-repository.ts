import type { IpVersion } from '@ipam/core/prefix';
import { sql, type Expression, type SelectQueryBuilder } from 'kysely';
import { isPostgres, type Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { preparedQuery } from '../db/prepared-query.js';
import { sortKeyOf, valueOfSortKey } from './address-keys.js';
import type { SubnetRef } from './address-repository.js';
import type { SessionInAccount } from '../accounts/account-repository.js';
import {
  joinedListedSubnetOf,
  selectCallerWithListedSubnet,
  listedSubnetOf,
  selectListedSubnet,
  type ListedSubnetCounts,
} from './address-count-repository.js';

/** A stored address as the API writes it: its value, and its item's JSON text written by the database. */
export interface StoredJson {
  value: bigint;
  json: string;
}

/** Between rows of the aggregate: the record separator, which JSON text never holds unescaped. */
const ROW_SEPARATOR = '\u001e';

/**
 * The stored rows of a key range of the subnet as text: each row's sort key followed by its item's
 * JSON (`item_json`, which the database keeps on every write), rows joined by the record separator.
 * One value instead of nine per row: turning 900 column values into JavaScript strings, then objects,
 * then JSON again was most of the list route's CPU, and building the JSON in the query most of what
 * was left. An aggregate's order is the engine's to choose (an ORDER BY inside it made SQLite sort,
 * costing more than the rest of the page): the rows come in index order, and are sorted here if not.
 *
 * SQLite answers one text (one row). PostgreSQL answers pieces of at most 16 addresses, one row each,
 * in no particular order: a page of 100 rows as one 25 KB value made its backend allocate and free
 * ~100 KB each time, which glibc gave back to the kernel and took again on every query once other
 * queries (address edits) had shaped the heap, flushing TLBs on every CPU: five times the CPU of the
 * query (bench/addresses.md, fourth pass).
 */
function rangeJson(db: Db, subnetId: Expression<string | null> | string, from: string, to: string) {
  const query = db
    .selectFrom('ip_addresses as a')
    .where('a.subnet_id', '=', subnetId)
    .where('a.sort_key', '>=', from)
    .where('a.sort_key', '<=', to);
  return isPostgres(db)
    ? query
        .select(sql<string | null>`string_agg(a.sort_key || a.item_json, chr(30))`.as('page'))
        .groupBy(sql`left(a.sort_key, -1)`)
    : query.select(sql<string | null>`group_concat(a.sort_key || a.item_json, char(30))`.as('page'));
}

/**
 * The text of a `rangeJson` read's rows (its pieces on PostgreSQL, in no particular order: the rows
 * are sorted when parsed), null when no row is stored.
 */
function pageOfPieces(rows: readonly { page: string | null }[]): string | null {
  const pieces = rows.flatMap((row) => (row.page === null ? [] : [row.page]));
  return pieces.length === 0 ? null : pieces.join(ROW_SEPARATOR);
}

const storedRangeJson = preparedQuery(['subnetId', 'from', 'to'], (db, param) =>
  rangeJson(db, param('subnetId'), param('from'), param('to')),
);

/**
 * A subnet query (`subnets` in scope) with the stored rows of a key range of that subnet joined to it:
 * on PostgreSQL one row per piece (at least one: `page` null when none is stored), on SQLite one.
 */
function withRangeJson<TB extends keyof Database, O>(
  db: Db,
  query: SelectQueryBuilder<Database, TB | 'subnets', O>,
  from: string,
  to: string,
) {
  const subnetId = sql.ref<string>('subnets.id');
  if (!isPostgres(db)) return query.select(rangeJson(db, subnetId, from, to).as('page'));
  return query
    .leftJoinLateral(rangeJson(db, subnetId, from, to).as('pieces'), (join) => join.onTrue())
    .select(sql.ref<string | null>('pieces.page').as('page'));
}

/** The subnet to list (as `findListedSubnet`) and its stored rows of a key range. */
function selectSubnetWithRangeJson(
  db: Db,
  param: (name: 'accountId' | 'subnetId' | 'from' | 'to') => string,
) {
  const subnet = selectListedSubnet(db)
    .where('subnets.account_id', '=', param('accountId'))
    .where('subnets.id', '=', param('subnetId'));
  return withRangeJson(db, subnet, param('from'), param('to'));
}

const subnetWithRangeJson = preparedQuery(['accountId', 'subnetId', 'from', 'to'], selectSubnetWithRangeJson);

/** The same joined to the caller check of an account route: one query for the check, subnet and page. */
const subnetWithRangeJsonOfCaller = preparedQuery(
  ['sessionId', 'now', 'accountId', 'subnetId', 'from', 'to'],
  (db, param) => withRangeJson(db, selectCallerWithListedSubnet(db, param), param('from'), param('to')),
);

/** Whether texts are in ascending order (fixed-width sort keys first: the rows' address order). */
function isAscending(texts: readonly string[]): boolean {
  for (let i = 1; i < texts.length; i++) if ((texts[i - 1] ?? '') > (texts[i] ?? '')) return false;
  return true;
}

/** The rows of a `rangeJson` text, in address order. */
function storedJsonOf(page: string | null | undefined, version: IpVersion): StoredJson[] {
  if (!page) return [];
  const width = sortKeyOf(version, 0n).length;
  const rows = page.split(ROW_SEPARATOR);
  if (!isAscending(rows)) rows.sort();
  return rows.map((text) => ({ value: valueOfSortKey(text.slice(0, width)), json: text.slice(width) }));
}

/** Stored rows with from ≤ address ≤ to, in address order, as their items' JSON. */
export async function listStoredJson(
  db: Db,
  subnet: SubnetRef,
  from: bigint,
  to: bigint,
): Promise<StoredJson[]> {
  const rows = await storedRangeJson(db, {
    subnetId: subnet.id,
    from: sortKeyOf(subnet.version, from),
    to: sortKeyOf(subnet.version, to),
  });
  return storedJsonOf(pageOfPieces(rows), subnet.version);
}

/** A listed subnet's page range: its stored rows from ≤ address ≤ to, of one IP version. */
interface StoredRange {
  version: IpVersion;
  from: bigint;
  to: bigint;
}

/** The subnet and the stored rows of a range read by one query (rows of another version: none). */
function subnetWithStored(subnet: ListedSubnetCounts, page: string | null, range: StoredRange) {
  // Keys of the other version never sort among this subnet's (another width): they read no rows.
  return {
    subnet,
    stored: subnet.prefix.version === range.version ? storedJsonOf(page, range.version) : [],
  };
}

/**
 * The account's subnet to list with its status counts (undefined when the account has no such subnet)
 * and its stored rows with from ≤ address ≤ to of the given version, in one query: a page whose range
 * the cursor tells before the subnet is read costs one round trip, not two.
 */
export async function findListedSubnetWithRange(
  db: Db,
  accountId: string,
  subnetId: string,
  range: StoredRange,
): Promise<{ subnet: ListedSubnetCounts; stored: StoredJson[] } | undefined> {
  const rows = await subnetWithRangeJson(db, {
    accountId,
    subnetId,
    from: sortKeyOf(range.version, range.from),
    to: sortKeyOf(range.version, range.to),
  });
  const [row] = rows;
  return row && subnetWithStored(listedSubnetOf(row), pageOfPieces(rows), range);
}

/**
 * `findListedSubnetWithRange` with the caller check of an account route in the same query: the caller
 * it found (undefined: no live session of a member), and the subnet with its stored rows.
 */
export async function findListedSubnetWithRangeOfCaller(
  db: Db,
  caller: { sessionId: string; now: string },
  accountId: string,
  subnetId: string,
  range: StoredRange,
): Promise<{
  caller: SessionInAccount | undefined;
  found: { subnet: ListedSubnetCounts; stored: StoredJson[] } | undefined;
}> {
  const rows = await subnetWithRangeJsonOfCaller(db, {
    sessionId: caller.sessionId,
    now: caller.now,
    accountId,
    subnetId,
    from: sortKeyOf(range.version, range.from),
    to: sortKeyOf(range.version, range.to),
  });
  const joined = joinedListedSubnetOf(rows[0]);
  return {
    caller: joined.caller,
    found: joined.found && subnetWithStored(joined.found, pageOfPieces(rows), range),
  };
}
