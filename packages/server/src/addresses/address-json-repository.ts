import type { IpVersion } from '@ipam/core/prefix';
import { sql, type Expression, type SelectQueryBuilder } from 'kysely';
import { isPostgres, type Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { preparedQuery } from '../db/prepared-query.js';
import { sortKeyOf } from './address-keys.js';
import type { SubnetRef } from './address-repository.js';
import type { SessionInAccount } from '../accounts/account-repository.js';
import {
  callerWithListedSubnetJson,
  joinedListedSubnetOfJson,
  selectCallerWithListedSubnet,
  listedSubnetOf,
  selectListedSubnet,
  type ListedSubnetCounts,
} from './address-count-repository.js';

/**
 * Stored addresses of a range in address order as the API writes them: their sort keys and their
 * items' JSON texts, index for index. Keys stay text: a page compares them with its range's keys and
 * never needs their values (turning 100 keys into numbers was a tenth of the list route's CPU).
 */
export interface StoredJson {
  keys: readonly string[];
  json: readonly string[];
}

/** No stored address. */
export const NONE_STORED: StoredJson = { keys: [], json: [] };

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

/** The texts of a `rangeJson` read's rows (its pieces on PostgreSQL, in no particular order). */
function piecesOf(rows: readonly { page: string | null }[]): string[] {
  return rows.flatMap((row) => (row.page === null ? [] : [row.page]));
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

/**
 * The caller check of an account route with the subnet to list (`selectCallerWithListedSubnet`, named
 * `h`) and the stored rows of a key range of that subnet, as parts of one text column: the check and
 * subnet as a JSON array (`callerWithListedSubnetJson`, the part starting with `[`) and the rows as
 * `rangeJson` texts. No row when the caller is no member. One column, not twenty repeated on every
 * piece: PostgreSQL describes each column on every execution and pg parses each per row, which was a
 * fifth of the route's driver work (bench/addresses.md, fifth pass). PostgreSQL answers the parts as
 * rows (the JSON one, then the pieces: a lateral UNION ALL on the subnet found); SQLite as one text,
 * the JSON first.
 */
function selectCallerWithRangeParts(
  db: Db,
  param: (name: 'sessionId' | 'now' | 'accountId' | 'subnetId' | 'from' | 'to') => string,
) {
  const head = selectCallerWithListedSubnet(db, param).as('h');
  const listedId = sql.ref<string | null>('h.listedId');
  const headJson = callerWithListedSubnetJson(db, 'h');
  const stored = rangeJson(db, listedId, param('from'), param('to'));
  if (isPostgres(db)) {
    return db
      .selectFrom(head)
      .innerJoinLateral(
        db.selectNoFrom(headJson.$castTo<string | null>().as('page')).unionAll(stored).as('parts'),
        (join) => join.onTrue(),
      )
      .select('parts.page');
  }
  return db
    .selectFrom(head)
    .select(sql<string>`${headJson} || coalesce(char(30) || (${stored}), '')`.as('page'));
}

const callerWithRangeParts = preparedQuery(
  ['sessionId', 'now', 'accountId', 'subnetId', 'from', 'to'],
  selectCallerWithRangeParts,
);

/** Whether texts are in ascending order. */
function isAscending(texts: readonly string[]): boolean {
  for (let i = 1; i < texts.length; i++) if ((texts[i - 1] ?? '') >= (texts[i] ?? '')) return false;
  return true;
}

/** The same rows sorted by key (the engine gave them in another order than its index's). */
function sortedByKey(stored: StoredJson): StoredJson {
  const order = stored.keys
    .map((_, i) => i)
    .sort((a, b) => {
      const [keyA, keyB] = [stored.keys[a] ?? '', stored.keys[b] ?? ''];
      return keyA < keyB ? -1 : keyA > keyB ? 1 : 0;
    });
  return { keys: order.map((i) => stored.keys[i] ?? ''), json: order.map((i) => stored.json[i] ?? '') };
}

/**
 * The stored rows of `rangeJson` texts (pieces on PostgreSQL, in any order), in address order. Each
 * row is its fixed-width sort key followed by its JSON; rows are cut at the record separator, never
 * copied into objects. Pieces hold disjoint key ranges and start with their first key: sorted as texts,
 * their rows come in address order when each piece's do (the index order engines use, checked; the
 * rows are sorted by key when not).
 */
export function storedJsonOfPieces(pieces: string[], version: IpVersion): StoredJson {
  if (pieces.length === 0) return NONE_STORED;
  const width = sortKeyOf(version, 0n).length;
  if (pieces.length > 1) pieces.sort();
  const keys: string[] = [];
  const json: string[] = [];
  for (const piece of pieces) {
    for (let at = 0; ;) {
      const next = piece.indexOf(ROW_SEPARATOR, at);
      const end = next < 0 ? piece.length : next;
      keys.push(piece.slice(at, at + width));
      json.push(piece.slice(at + width, end));
      if (next < 0) break;
      at = next + 1;
    }
  }
  const stored = { keys, json };
  return isAscending(keys) ? stored : sortedByKey(stored);
}

/** Stored rows with from ≤ address ≤ to, in address order, as their items' JSON. */
export async function listStoredJson(
  db: Db,
  subnet: SubnetRef,
  from: bigint,
  to: bigint,
): Promise<StoredJson> {
  const rows = await storedRangeJson(db, {
    subnetId: subnet.id,
    from: sortKeyOf(subnet.version, from),
    to: sortKeyOf(subnet.version, to),
  });
  return storedJsonOfPieces(piecesOf(rows), subnet.version);
}

/** A listed subnet's page range: its stored rows from ≤ address ≤ to, of one IP version. */
interface StoredRange {
  version: IpVersion;
  from: bigint;
  to: bigint;
}

/** The subnet and the stored rows of a range read by one query (rows of another version: none). */
function subnetWithStored(subnet: ListedSubnetCounts, pieces: string[], range: StoredRange) {
  // Keys of the other version never sort among this subnet's (another width): they read no rows.
  return {
    subnet,
    stored: subnet.prefix.version === range.version ? storedJsonOfPieces(pieces, range.version) : NONE_STORED,
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
): Promise<{ subnet: ListedSubnetCounts; stored: StoredJson } | undefined> {
  const rows = await subnetWithRangeJson(db, {
    accountId,
    subnetId,
    from: sortKeyOf(range.version, range.from),
    to: sortKeyOf(range.version, range.to),
  });
  const [row] = rows;
  return row && subnetWithStored(listedSubnetOf(row), piecesOf(rows), range);
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
  found: { subnet: ListedSubnetCounts; stored: StoredJson } | undefined;
}> {
  const rows = await callerWithRangeParts(db, {
    sessionId: caller.sessionId,
    now: caller.now,
    accountId,
    subnetId,
    from: sortKeyOf(range.version, range.from),
    to: sortKeyOf(range.version, range.to),
  });
  // The part starting with `[` is the check and subnet; on SQLite the rows follow it in the same text.
  let head: string | undefined;
  const pieces: string[] = [];
  for (const { page } of rows) {
    if (page === null) continue;
    if (!page.startsWith('[')) {
      pieces.push(page);
      continue;
    }
    const end = page.indexOf(ROW_SEPARATOR);
    head = end < 0 ? page : page.slice(0, end);
    if (end >= 0) pieces.push(page.slice(end + 1));
  }
  if (head === undefined) return { caller: undefined, found: undefined };
  const joined = joinedListedSubnetOfJson(head);
  return { caller: joined.caller, found: joined.found && subnetWithStored(joined.found, pieces, range) };
}
