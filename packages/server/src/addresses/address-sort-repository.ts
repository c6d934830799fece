import type { SortOrder } from '@ipam/core/address-listing';
import { sql, type RawBuilder } from 'kysely';
import { isPostgres, type Db } from '../db/database.js';
import { sortKeyOf } from './address-keys.js';
import { applyFilter, type StoredFilter, type StoredItem, type SubnetRef } from './address-repository.js';

/** A stored text field the address list sorts by (status sorts through the status index instead). */
export type TextSortField = 'hostname' | 'updated';

/** The column each sort compares: the folded hostname, the ISO time of the last write. */
const sortColumns = { hostname: 'hostname_folded', updated: 'updated_date' } as const;

/**
 * The sort column compared byte by byte on both engines: PostgreSQL's database collation (often a
 * locale that skips punctuation) would order hostnames differently from SQLite's binary order. The
 * indexes of migration 0017 are built the same way, so they serve these orders.
 */
function sortValue(db: Db, field: TextSortField): RawBuilder<string | null> {
  const column = sql.ref(`ip_addresses.${sortColumns[field]}`);
  return isPostgres(db) ? sql<string | null>`${column} collate "C"` : sql<string | null>`${column}`;
}

/** Where a sorted run of stored rows continues: after the row with this sort value and key. */
export interface SortedPosition {
  value: string;
  key: string;
}

/**
 * The account's stored rows of a subnet passing the filter, ordered by the field (ties by address,
 * ascending in both orders), after `after` when given, at most `limit`, as page items.
 */
export async function listStoredSorted(
  db: Db,
  accountId: string,
  subnet: SubnetRef,
  sort: { field: TextSortField; order: SortOrder },
  filter: StoredFilter,
  after: SortedPosition | null,
  limit: number,
): Promise<StoredItem[]> {
  const value = sortValue(db, sort.field);
  const isAscending = sort.order === 'asc';
  let query = db
    .selectFrom('ip_addresses')
    .select(['sort_key as key', 'item_json as json'])
    .where('subnet_id', '=', subnet.id)
    .where('account_id', '=', accountId)
    .where((eb) => applyFilter(eb, filter));
  // Implied by a filter that leaves blank hostnames out, but as a range the index starts after them.
  if (sort.field === 'hostname') query = query.where(value, '>', '');
  if (after !== null) {
    // The first condition alone bounds the index range; the second drops the rows up to the cursor's.
    query = query
      .where(value, isAscending ? '>=' : '<=', after.value)
      .where((eb) =>
        eb.or([eb(value, isAscending ? '>' : '<', after.value), eb('sort_key', '>', after.key)]),
      );
  }
  return query.orderBy(value, sort.order).orderBy('sort_key').limit(limit).execute();
}

/**
 * One address's stored row as a sort sees it: its status and the field's value (null: never
 * updated); undefined when the address was never written.
 */
export async function storedSortValues(
  db: Db,
  subnet: SubnetRef,
  field: TextSortField | null,
  value: bigint,
): Promise<{ key: string; status: string; value: string | null } | undefined> {
  const key = sortKeyOf(subnet.version, value);
  const row = await db
    .selectFrom('ip_addresses')
    .select(['status', field === null ? sql<null>`null`.as('value') : sortValue(db, field).as('value')])
    .where('subnet_id', '=', subnet.id)
    .where('sort_key', '=', key)
    .executeTakeFirst();
  return row && { key, status: row.status, value: row.value };
}
