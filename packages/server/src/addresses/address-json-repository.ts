import { sql } from 'kysely';
import { isPostgres, type Db } from '../db/database.js';
import { preparedQuery } from '../db/prepared-query.js';
import { sortKeyOf, valueOfSortKey } from './address-keys.js';
import type { SubnetRef } from './address-repository.js';

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
    ['id', quote('id')],
    ['ipAddress', quote('ip_address')],
    ['status', quote('status')],
    ['hostname', quote('hostname')],
    ['description', quote('description')],
    ['allowScannerUpdate', `(case when allow_scanner_update = 1 then 'true' else 'false' end)`],
    ['updatedDate', quote('updated_date')],
    ['updatedBy', quote('updated_by')],
  ];
  return `'{' || ${fields.map(([name, value]) => `'"${name}":' || ${value}`).join(` || ',' || `)} || '}'`;
}

/** SQLite builds the object natively (faster than concatenating quoted columns there). */
const sqliteItem = `json_object('id', id, 'ipAddress', ip_address, 'status', status, 'hostname', hostname,
  'description', description, 'allowScannerUpdate', json(case when allow_scanner_update = 1 then 'true' else 'false' end),
  'updatedDate', updated_date, 'updatedBy', updated_by)`;
/** PostgreSQL's json_build_object writes spaces around every colon: the item is concatenated instead. */
const postgresItem = itemJson((column) => `coalesce(to_json(${column})::text, 'null')`);

/**
 * The stored rows of a key range as one text: each row's sort key followed by its item's JSON, rows in
 * address order joined by the record separator. One value instead of nine per row: turning 900 column
 * values into JavaScript strings, then objects, then JSON again was most of the list route's CPU.
 */
const storedRangeJson = preparedQuery(['subnetId', 'from', 'to'], (db, param) => {
  const page = isPostgres(db)
    ? sql<string | null>`string_agg(sort_key || ${sql.raw(postgresItem)}, chr(30))`
    : sql<string | null>`group_concat(sort_key || ${sql.raw(sqliteItem)}, char(30))`;
  return db
    .selectFrom('ip_addresses')
    .select(page.as('page'))
    .where('subnet_id', '=', param('subnetId'))
    .where('sort_key', '>=', param('from'))
    .where('sort_key', '<=', param('to'));
});

/** Whether texts are in ascending order (fixed-width sort keys first: the rows' address order). */
function isAscending(texts: readonly string[]): boolean {
  for (let i = 1; i < texts.length; i++) if ((texts[i - 1] ?? '') > (texts[i] ?? '')) return false;
  return true;
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
  if (!row?.page) return [];
  const width = sortKeyOf(subnet.version, 0n).length;
  const rows = row.page.split(ROW_SEPARATOR);
  // An aggregate's order is the engine's to choose (an ORDER BY inside it made SQLite sort, and cost
  // more than the rest of the page): the rows come in index order, and are sorted here if not.
  if (!isAscending(rows)) rows.sort();
  return rows.map((text) => ({ value: valueOfSortKey(text.slice(0, width)), json: text.slice(width) }));
}
