import type { IpVersion } from '@ipam/core/prefix';
import { ADDRESS_STATUSES, type AddressStatus } from '@ipam/core/schemas/address-schemas';
import { sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../db/database.js';
import { toCount } from '../db/db-values.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { Database, IpAddressesTable } from '../db/schema.js';
import { sortKeyOf, valueOfSortKey } from './address-keys.js';

/** What scanners recorded of an address (all null until one found it alive). */
export interface AddressSighting {
  mac: string | null;
  firstSeen: string | null;
  lastSeen: string | null;
  lastSeenBy: string | null;
  /** The MAC it answered with before a scan saw another one, and when; null once a person edits it. */
  previousMac: string | null;
  macChangedAt: string | null;
}

/** The sighting of an address no scanner has found. */
export const NOT_SEEN: Readonly<AddressSighting> = {
  mac: null,
  firstSeen: null,
  lastSeen: null,
  lastSeenBy: null,
  previousMac: null,
  macChangedAt: null,
};

/** A written (stored) address; values are bigint, keys stay inside this file. */
export interface StoredAddress extends AddressSighting {
  id: string;
  value: bigint;
  ipAddress: string;
  status: AddressStatus;
  hostname: string;
  description: string;
  allowScannerUpdate: boolean;
  updatedDate: string | null;
  updatedBy: string | null;
}

/** The subnet an address query runs in. */
export interface SubnetRef {
  id: string;
  version: IpVersion;
}

/** Which stored rows a query sees: statuses to keep or leave out, and a text search. */
export interface StoredFilter {
  status?: AddressStatus;
  notStatus?: AddressStatus;
  /** Lower-cased search text: address, status, hostname or description contains it. */
  q?: string;
  /** Lower-cased text the address itself must contain. */
  addressContains?: string;
  /** Only rows whose field holds a never-written address's value: no hostname, never updated. */
  blank?: 'hostname' | 'updated';
  /** Only rows a scanner last saw before this time (ISO 8601): stale ones; never-seen rows do not pass. */
  seenBefore?: string;
  /** Only rows that do not pass this filter. */
  outside?: StoredFilter;
  /** Only rows that pass each of these too. */
  all?: readonly StoredFilter[];
}

/** Rows passing both filters. */
export function bothFilters(a: StoredFilter, b: StoredFilter): StoredFilter {
  if (isEveryRow(b)) return a;
  if (isEveryRow(a)) return b;
  return { all: [a, b] };
}

type Eb = ExpressionBuilder<Database, 'ip_addresses'>;

/** `%text%` for LIKE with the wildcards of the text escaped (escape character backslash). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * "Contains" on a column holding lower-case text: the address (stored canonical, lower case) or the
 * folded copies of hostname and description. Folding happened in JavaScript at write time, so both
 * engines compare the same way, Unicode included (SQLite's LIKE would fold ASCII only; PostgreSQL's
 * ILIKE measured 5× slower than LIKE here).
 */
function containsText(column: 'ip_address' | 'hostname_folded' | 'description_folded', lowered: string) {
  return sql<boolean>`${sql.ref(`ip_addresses.${column}`)} like ${containsPattern(lowered)} escape '\\'`;
}

/** The search condition: address, hostname or description contains q, or the status does. */
function searchCondition(eb: Eb, q: string) {
  // Three fixed statuses: which contain q is known here, so no text test runs on that column.
  const statuses = ADDRESS_STATUSES.filter((status) => status.toLowerCase().includes(q));
  return eb.or([
    containsText('ip_address', q),
    containsText('hostname_folded', q),
    containsText('description_folded', q),
    ...(statuses.length > 0 ? [eb('status', 'in', statuses)] : []),
  ]);
}

/** The condition a stored row passes a filter by. */
export function applyFilter(eb: Eb, filter: StoredFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.status) conditions.push(eb('status', '=', filter.status));
  if (filter.notStatus) conditions.push(eb('status', '<>', filter.notStatus));
  if (filter.q !== undefined) conditions.push(searchCondition(eb, filter.q));
  if (filter.addressContains !== undefined) {
    conditions.push(containsText('ip_address', filter.addressContains));
  }
  if (filter.blank === 'hostname') conditions.push(eb('hostname_folded', '=', ''));
  if (filter.blank === 'updated') conditions.push(eb('updated_date', 'is', null));
  if (filter.seenBefore !== undefined) conditions.push(eb('last_seen', '<', filter.seenBefore));
  if (filter.outside !== undefined) conditions.push(eb.not(applyFilter(eb, filter.outside)));
  for (const each of filter.all ?? []) conditions.push(applyFilter(eb, each));
  return eb.and(conditions);
}

/**
 * The columns a StoredAddress is read from. Not `*`: turning a row into a JavaScript object costs per
 * column, and the folded copies and the ids of account and subnet are never shown.
 */
export const storedColumns = [
  'id',
  'sort_key',
  'ip_address',
  'status',
  'hostname',
  'description',
  'allow_scanner_update',
  'updated_date',
  'updated_by',
  'mac',
  'first_seen',
  'last_seen',
  'last_seen_by',
  'previous_mac',
  'mac_changed_at',
] as const;

/** A stored address from its row's `storedColumns`. */
export function toStored(
  row: Pick<Selectable<IpAddressesTable>, (typeof storedColumns)[number]>,
): StoredAddress {
  return {
    id: row.id,
    value: valueOfSortKey(row.sort_key),
    ipAddress: row.ip_address,
    status: row.status,
    hostname: row.hostname,
    description: row.description,
    allowScannerUpdate: Number(row.allow_scanner_update) === 1,
    updatedDate: row.updated_date,
    updatedBy: row.updated_by,
    mac: row.mac,
    firstSeen: row.first_seen,
    lastSeen: row.last_seen,
    lastSeenBy: row.last_seen_by,
    previousMac: row.previous_mac,
    macChangedAt: row.mac_changed_at,
  };
}

/** Whether a filter lets every stored row through. */
export function isEveryRow(filter: StoredFilter): boolean {
  return (
    filter.status === undefined &&
    filter.notStatus === undefined &&
    filter.q === undefined &&
    filter.addressContains === undefined &&
    filter.blank === undefined &&
    filter.seenBefore === undefined &&
    filter.outside === undefined &&
    (filter.all ?? []).every(isEveryRow)
  );
}

/** Stored rows with from ≤ address ≤ to passing the filter, in address order, at most `limit`. */
export async function listStored(
  db: Db,
  subnet: SubnetRef,
  from: bigint,
  to: bigint,
  filter: StoredFilter,
  limit?: number,
): Promise<StoredAddress[]> {
  let query = db
    .selectFrom('ip_addresses')
    .select(storedColumns)
    .where('subnet_id', '=', subnet.id)
    .where('sort_key', '>=', sortKeyOf(subnet.version, from))
    .where('sort_key', '<=', sortKeyOf(subnet.version, to))
    .where((eb) => applyFilter(eb, filter))
    .orderBy('sort_key');
  if (limit !== undefined) query = query.limit(limit);
  return (await query.execute()).map(toStored);
}

/** A stored address as a page lists it: its sort key and its list item's JSON, written with the row. */
export interface StoredItem {
  key: string;
  json: string;
}

/** The plain page's read (every request of the list makes it): built and compiled once, not per call. */
const itemsInRange = preparedQuery(['accountId', 'subnetId', 'from', 'to'], (db, param) =>
  db
    .selectFrom('ip_addresses')
    .select(['sort_key as key', 'item_json as json'])
    .where('subnet_id', '=', param('subnetId'))
    .where('account_id', '=', param('accountId'))
    .where('sort_key', '>=', param('from'))
    .where('sort_key', '<=', param('to'))
    .orderBy('sort_key'),
);

/**
 * The account's stored rows of a subnet with from ≤ address ≤ to passing the filter, in address order
 * (at most `limit`), as page items.
 */
export async function listStoredItems(
  db: Db,
  accountId: string,
  subnet: SubnetRef,
  range: { from: bigint; to: bigint },
  filter: StoredFilter = {},
  limit?: number,
): Promise<StoredItem[]> {
  const from = sortKeyOf(subnet.version, range.from);
  const to = sortKeyOf(subnet.version, range.to);
  if (limit === undefined && isEveryRow(filter)) {
    return itemsInRange(db, { accountId, subnetId: subnet.id, from, to });
  }
  let query = db
    .selectFrom('ip_addresses')
    .select(['sort_key as key', 'item_json as json'])
    .where('subnet_id', '=', subnet.id)
    .where('account_id', '=', accountId)
    .where('sort_key', '>=', from)
    .where('sort_key', '<=', to)
    .where((eb) => applyFilter(eb, filter))
    .orderBy('sort_key');
  if (limit !== undefined) query = query.limit(limit);
  return query.execute();
}

/** Addresses (values only) of stored rows from `from` upward passing the filter, at most `limit`. */
export async function storedValuesFrom(
  db: Db,
  subnet: SubnetRef,
  from: bigint,
  to: bigint,
  filter: StoredFilter,
  limit: number,
): Promise<bigint[]> {
  const rows = await db
    .selectFrom('ip_addresses')
    .select('sort_key')
    .where('subnet_id', '=', subnet.id)
    .where('sort_key', '>=', sortKeyOf(subnet.version, from))
    .where('sort_key', '<=', sortKeyOf(subnet.version, to))
    .where((eb) => applyFilter(eb, filter))
    .orderBy('sort_key')
    .limit(limit)
    .execute();
  return rows.map((row) => valueOfSortKey(row.sort_key));
}

/** Which of these addresses are stored (any status). */
export async function storedAmong(
  db: Db,
  subnet: SubnetRef,
  values: readonly bigint[],
): Promise<Set<bigint>> {
  if (values.length === 0) return new Set();
  const rows = await db
    .selectFrom('ip_addresses')
    .select('sort_key')
    .where('subnet_id', '=', subnet.id)
    .where(
      'sort_key',
      'in',
      values.map((value) => sortKeyOf(subnet.version, value)),
    )
    .execute();
  return new Set(rows.map((row) => valueOfSortKey(row.sort_key)));
}

/** How many stored rows of the subnet pass the filter. */
export async function countStored(db: Db, subnetId: string, filter: StoredFilter): Promise<bigint> {
  const row = await db
    .selectFrom('ip_addresses')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('subnet_id', '=', subnetId)
    .where((eb) => applyFilter(eb, filter))
    .executeTakeFirst();
  return BigInt(toCount(row?.n));
}

/** What a search needs counted, in one pass over the subnet's rows. */
export interface SearchCounts {
  /** Stored rows passing the filter (status and search). */
  matching: bigint;
  /** Stored rows (any status) whose address text contains the search. */
  addressMatches: bigint;
  /** Stored rows. */
  stored: bigint;
}

/** Counts for a search in one scan: rows passing `filter`, rows whose address contains q, all rows. */
export async function countSearch(
  db: Db,
  subnetId: string,
  filter: StoredFilter,
  q: string,
): Promise<SearchCounts> {
  const row = await db
    .selectFrom('ip_addresses')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('stored'),
      eb.fn
        .sum<string | number | null>(eb.case().when(applyFilter(eb, filter)).then(1).else(0).end())
        .as('matching'),
      eb.fn
        .sum<string | number | null>(eb.case().when(containsText('ip_address', q)).then(1).else(0).end())
        .as('addressMatches'),
    ])
    .where('subnet_id', '=', subnetId)
    .executeTakeFirst();
  return {
    matching: BigInt(toCount(row?.matching)),
    addressMatches: BigInt(toCount(row?.addressMatches)),
    stored: BigInt(toCount(row?.stored)),
  };
}

/**
 * The stored rows of these addresses (at most a statement's worth), in address order; `isLocked` holds
 * them until the transaction ends (PostgreSQL `for update`, which also answers their newest version).
 */
export async function findStoredAmong(
  db: Db,
  subnet: SubnetRef,
  values: readonly bigint[],
  isLocked: boolean,
): Promise<StoredAddress[]> {
  if (values.length === 0) return [];
  let query = db
    .selectFrom('ip_addresses')
    .select(storedColumns)
    .where('subnet_id', '=', subnet.id)
    .where(
      'sort_key',
      'in',
      values.map((value) => sortKeyOf(subnet.version, value)),
    )
    .orderBy('sort_key');
  if (isLocked) query = query.forUpdate();
  return (await query.execute()).map(toStored);
}

/** The stored row of one address, or undefined. */
export async function findStored(
  db: Db,
  subnet: SubnetRef,
  value: bigint,
): Promise<StoredAddress | undefined> {
  const row = await db
    .selectFrom('ip_addresses')
    .select(storedColumns)
    .where('subnet_id', '=', subnet.id)
    .where('sort_key', '=', sortKeyOf(subnet.version, value))
    .executeTakeFirst();
  return row ? toStored(row) : undefined;
}
