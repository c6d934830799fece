import type { IpVersion } from '@ipam/core/prefix';
import { sql, type Expression } from 'kysely';
import { isPostgres, type Db } from '../db/database.js';
import { preparedQuery } from '../db/prepared-query.js';
import { sortKeyOf, valueOfSortKey } from './address-keys.js';
import type { SubnetRef } from './address-repository.js';
import { listedSubnetOf, selectListedSubnet, type ListedSubnetCounts } from './address-count-repository.js';

/** A stored address as the API writes it: its value, and its item's JSON text written by the database. */
export interface StoredJson {
  value: bigint;
  json: string;
}

/** Between rows of the aggregate: the record separator, which JSON text never holds unescaped. */
const ROW_SEPARATOR = '\u001e';

/**
 * An address item's JSON, properties in the order of core's `addressResponse` (as the serialiser
 * writes them), by concatenation: `quote` turns a text column into a JSON string, or `null` for null.
 */
function itemJson(quote: (column: string) => string): string {
  const fields = [
    ['id', quote('a.id')],
    ['ipAddress', quote('a.ip_address')],
    ['status', quote('a.status')],
    ['hostname', quote('a.hostname')],
    ['description', quote('a.description')],
    ['allowScannerUpdate', `(case when a.allow_scanner_update = 1 then 'true' else 'false' end)`],
    ['updatedDate', quote('a.updated_date')],
    ['updatedBy', quote('a.updated_by')],
  ];
  return `'{' || ${fields.map(([name, value]) => `'"${name}":' || ${value}`).join(` || ',' || `)} || '}'`;
}

/** SQLite builds the object natively (faster than concatenating quoted columns there). */
const sqliteItem = `json_object('id', a.id, 'ipAddress', a.ip_address, 'status', a.status,
  'hostname', a.hostname, 'description', a.description,
  'allowScannerUpdate', json(case when a.allow_scanner_update = 1 then 'true' else 'false' end),
  'updatedDate', a.updated_date, 'updatedBy', a.updated_by)`;
/** Columns only the server writes, never holding a quote, backslash or control character. */
const PLAIN_TEXT_COLUMNS = new Set(['a.id', 'a.ip_address', 'a.status', 'a.updated_date']);

/**
 * PostgreSQL's json_build_object writes spaces around every colon: the item is concatenated instead.
 * Only the free texts (hostname, description, updatedBy) go through `to_json`; the columns the server
 * alone writes (an id, an address, a status, an ISO date) are quoted as they are — `to_json` on every
 * column was most of PostgreSQL's CPU for a page.
 */
const postgresItem = itemJson((column) =>
  PLAIN_TEXT_COLUMNS.has(column)
    ? `coalesce('"' || ${column} || '"', 'null')`
    : `coalesce(to_json(${column})::text, 'null')`,
);

/**
 * The stored rows of a key range of the subnet as one text: each row's sort key followed by its item's
 * JSON, rows joined by the record separator. One value instead of nine per row: turning 900 column
 * values into JavaScript strings, then objects, then JSON again was most of the list route's CPU. An
 * aggregate's order is the engine's to choose (an ORDER BY inside it made SQLite sort, costing more
 * than the rest of the page): the rows come in index order, and are sorted in JavaScript if not.
 */
function rangeJson(db: Db, subnetId: Expression<string> | string, from: string, to: string) {
  const page = isPostgres(db)
    ? sql<string | null>`string_agg(a.sort_key || ${sql.raw(postgresItem)}, chr(30))`
    : sql<string | null>`group_concat(a.sort_key || ${sql.raw(sqliteItem)}, char(30))`;
  return db
    .selectFrom('ip_addresses as a')
    .select(page.as('page'))
    .where('a.subnet_id', '=', subnetId)
    .where('a.sort_key', '>=', from)
    .where('a.sort_key', '<=', to);
}

const storedRangeJson = preparedQuery(['subnetId', 'from', 'to'], (db, param) =>
  rangeJson(db, param('subnetId'), param('from'), param('to')),
);

/** The subnet to list (as `findListedSubnet`) and its stored rows of a key range, in one query. */
const subnetWithRangeJson = preparedQuery(['accountId', 'subnetId', 'from', 'to'], (db, param) =>
  selectListedSubnet(db)
    .select((eb) => rangeJson(db, eb.ref('subnets.id'), param('from'), param('to')).as('page'))
    .where('subnets.account_id', '=', param('accountId'))
    .where('subnets.id', '=', param('subnetId')),
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
  const [row] = await storedRangeJson(db, {
    subnetId: subnet.id,
    from: sortKeyOf(subnet.version, from),
    to: sortKeyOf(subnet.version, to),
  });
  return storedJsonOf(row?.page, subnet.version);
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
  range: { version: IpVersion; from: bigint; to: bigint },
): Promise<{ subnet: ListedSubnetCounts; stored: StoredJson[] } | undefined> {
  const [row] = await subnetWithRangeJson(db, {
    accountId,
    subnetId,
    from: sortKeyOf(range.version, range.from),
    to: sortKeyOf(range.version, range.to),
  });
  if (!row) return undefined;
  const subnet = listedSubnetOf(row);
  // Keys of the other version never sort among this subnet's (another width): they read no rows.
  return {
    subnet,
    stored: subnet.prefix.version === range.version ? storedJsonOf(row.page, range.version) : [],
  };
}
