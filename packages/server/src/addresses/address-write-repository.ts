import { sql, type InsertObject, type QueryCreator } from 'kysely';
import { chunksOf } from '../db/chunks.js';
import { isPostgres, type Db } from '../db/database.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { Database } from '../db/schema.js';
import { sortKeyOf, valueOfSortKey } from './address-keys.js';
import {
  addCounts,
  adjustStatusCounts,
  adjustStatusCountsOfSubnets,
  countingQuery,
  countParams,
  expectOneLeafChanged,
  isNoChange,
  LEAF_KEY,
  NO_COUNTS,
  statusChange,
  totalingFromCounted,
  type StatusCounts,
} from './address-count-repository.js';
import { toCount } from '../db/db-values.js';
import {
  ADDRESS_ROW_COLUMNS,
  addressRowParams,
  rowOf,
  virtualData,
  type AddressData,
  type AddressFields,
  type StoredAddressData,
} from './address-row.js';
import {
  findStoredAmong,
  NOT_SEEN,
  storedColumns,
  toStored,
  type StoredAddress,
  type SubnetRef,
} from './address-repository.js';

type AddressRowValues = InsertObject<Database, 'ip_addresses'>;

/** Inserts rows, leaving alone any whose address is stored already; answers the sort keys inserted. */
function insertAbsent(db: QueryCreator<Database>, rows: readonly AddressRowValues[]) {
  return db
    .insertInto('ip_addresses')
    .values(rows)
    .onConflict((oc) => oc.columns(['subnet_id', 'sort_key']).doNothing())
    .returning('sort_key');
}

/** Writes rows over the stored rows of their addresses (inserting any that are not stored). */
function upsert(db: QueryCreator<Database>, rows: readonly AddressRowValues[]) {
  return db
    .insertInto('ip_addresses')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['subnet_id', 'sort_key']).doUpdateSet((eb) => ({
        status: eb.ref('excluded.status'),
        hostname: eb.ref('excluded.hostname'),
        description: eb.ref('excluded.description'),
        hostname_folded: eb.ref('excluded.hostname_folded'),
        description_folded: eb.ref('excluded.description_folded'),
        allow_scanner_update: eb.ref('excluded.allow_scanner_update'),
        updated_date: eb.ref('excluded.updated_date'),
        updated_by: eb.ref('excluded.updated_by'),
        mac: eb.ref('excluded.mac'),
        first_seen: eb.ref('excluded.first_seen'),
        last_seen: eb.ref('excluded.last_seen'),
        last_seen_by: eb.ref('excluded.last_seen_by'),
        previous_mac: eb.ref('excluded.previous_mac'),
        mac_changed_at: eb.ref('excluded.mac_changed_at'),
        item_json: eb.ref('excluded.item_json'),
      })),
    );
}

// One address at a time is what most writes are (an edit, a next-free call): their statements are
// compiled once and named on PostgreSQL (db/prepared-query.ts); several rows go as built per call.
const lockedOne = preparedQuery(['subnetId', 'sortKey'], (db, param) => {
  const query = db
    .selectFrom('ip_addresses')
    .select(storedColumns)
    .where('subnet_id', '=', param('subnetId'))
    .where('sort_key', '=', param('sortKey'));
  // SQLite writes one transaction at a time: nothing to lock.
  return isPostgres(db) ? query.forUpdate() : query;
});
const insertOneAbsent = preparedQuery(ADDRESS_ROW_COLUMNS, (db, param) =>
  insertAbsent(db, [addressRowParams(param)]),
);
const upsertOne = preparedQuery(ADDRESS_ROW_COLUMNS, (db, param) => upsert(db, [addressRowParams(param)]));

// PostgreSQL writes the row and changes its leaf's counts and its account's totals in one statement
// (a data-modifying WITH); SQLite, where a statement costs no round trip, runs them one by one.
const COUNTED_COLUMNS = [...ADDRESS_ROW_COLUMNS, 'subnetId', 'inUse', 'reserved', 'available'] as const;

/**
 * Answers whether the address was inserted (then counted), and how many totals rows changed (one, or
 * none when the leaf had no counts row).
 */
const insertOneAbsentCounted = preparedQuery(COUNTED_COLUMNS, (db, param) => {
  const counted = db
    .with('inserted', (qc) => insertAbsent(qc, [addressRowParams(param)]))
    .with('counted', (qc) =>
      countingQuery(qc, param('subnetId'), param)
        .where(sql<boolean>`exists (select 1 from inserted)`)
        .returning(LEAF_KEY),
    );
  return counted
    .with('totaled', (qc) => totalingFromCounted(qc, param))
    .selectNoFrom((eb) => [
      eb
        .selectFrom('inserted')
        .select((inner) => inner.fn.countAll<string | number>().as('n'))
        .as('inserted'),
      eb
        .selectFrom('totaled')
        .select((inner) => inner.fn.countAll<string | number>().as('n'))
        .as('totaled'),
    ]);
});
/** Answers how many totals rows changed. */
const upsertOneCounted = preparedQuery(COUNTED_COLUMNS, (db, param) =>
  db
    .with('written', (qc) => upsert(qc, [addressRowParams(param)]))
    .with('counted', (qc) => countingQuery(qc, param('subnetId'), param).returning(LEAF_KEY))
    .with('totaled', (qc) => totalingFromCounted(qc, param))
    .selectFrom('totaled')
    .select((eb) => eb.fn.countAll<string | number>().as('totaled')),
);

/**
 * The stored row of one address, locked until the transaction ends (PostgreSQL), or undefined when it
 * was never written (nothing is locked then: see `insertAddressIfAbsent`).
 */
export async function lockStoredAddress(
  db: Db,
  subnet: SubnetRef,
  value: bigint,
): Promise<StoredAddress | undefined> {
  const [row] = await lockedOne(db, { subnetId: subnet.id, sortKey: sortKeyOf(subnet.version, value) });
  return row && toStored(row);
}

/**
 * Inserts the row of a never-written address with its data and adds `counts` to its subnet's counts;
 * false when another writer stored the address meanwhile (then nothing was written or counted: lock
 * the stored row and write over it instead).
 */
export async function insertAddressIfAbsent(
  db: Db,
  accountId: string,
  subnet: SubnetRef,
  row: StoredAddressData,
  counts: StatusCounts,
): Promise<boolean> {
  const values = rowOf(accountId, subnet, row);
  if (isPostgres(db)) {
    const [result] = await insertOneAbsentCounted(db, {
      ...values,
      subnetId: subnet.id,
      ...countParams(counts),
    });
    const isInserted = toCount(result?.inserted ?? 0) === 1;
    if (isInserted) expectOneLeafChanged(toCount(result?.totaled ?? 0), subnet.id);
    return isInserted;
  }
  const isInserted = (await insertOneAbsent(db, values)).length === 1;
  if (isInserted) await adjustStatusCounts(db, subnet.id, counts);
  return isInserted;
}

/** Writes the data of one address whose row exists (locked) and adds `counts` to its subnet's counts. */
export async function writeAddressRow(
  db: Db,
  accountId: string,
  subnet: SubnetRef,
  row: StoredAddressData,
  counts: StatusCounts,
): Promise<void> {
  const values = rowOf(accountId, subnet, row);
  if (isNoChange(counts)) {
    await upsertOne(db, values);
  } else if (isPostgres(db)) {
    const [result] = await upsertOneCounted(db, { ...values, subnetId: subnet.id, ...countParams(counts) });
    expectOneLeafChanged(toCount(result?.totaled ?? 0), subnet.id);
  } else {
    await upsertOne(db, values);
    await adjustStatusCounts(db, subnet.id, counts);
  }
}

/**
 * The stored rows of these (distinct) addresses of one subnet, each created as the virtual Available
 * row if it was never written (its address is then in `created`), and locked until the transaction
 * ends (PostgreSQL; SQLite writes one transaction at a time), so people writing the same address at
 * once are applied one after the other. Rows are taken in address order, so two writers of many
 * addresses cannot deadlock.
 */
export async function lockAddressRows(
  db: Db,
  accountId: string,
  subnet: SubnetRef,
  values: readonly bigint[],
): Promise<{ rows: StoredAddress[]; created: Set<bigint> }> {
  const ordered = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const rows: StoredAddress[] = [];
  const created = new Set<bigint>();
  for (const chunk of chunksOf(ordered)) {
    const inserted = await insertAbsent(
      db,
      chunk.map((value) => rowOf(accountId, subnet, virtualData(value))),
    ).execute();
    for (const row of inserted) created.add(valueOfSortKey(row.sort_key));
    rows.push(...(await findStoredAmong(db, subnet, chunk, isPostgres(db))));
  }
  return { rows, created };
}

/** Writes the data of addresses whose rows exist (lockAddressRows made them), in multi-row statements. */
export async function writeAddressRows(
  db: Db,
  accountId: string,
  subnet: SubnetRef,
  rows: readonly StoredAddressData[],
): Promise<void> {
  const [only] = rows;
  if (rows.length === 1 && only) {
    await upsertOne(db, rowOf(accountId, subnet, only));
    return;
  }
  for (const chunk of chunksOf(rows)) {
    await upsert(
      db,
      chunk.map((row) => rowOf(accountId, subnet, row)),
    ).execute();
  }
}

/** A never-written address's data as a bulk load gives it. */
type LoadedAddress = AddressFields & { value: bigint; updatedDate: string; updatedBy: string | null };

/** Inserts many never-written addresses of one subnet in multi-row statements (bulk loads, benchmarks), counted. */
export async function insertAddressRows(
  db: Db,
  accountId: string,
  subnet: SubnetRef,
  rows: readonly LoadedAddress[],
): Promise<void> {
  await insertAddressRowsOfSubnets(db, accountId, [{ subnet, rows }]);
}

/**
 * The same for many subnets at once: rows of several subnets share each multi-row statement, and the
 * status counts of all of them are adjusted together (a load of many small subnets).
 */
export async function insertAddressRowsOfSubnets(
  db: Db,
  accountId: string,
  loads: readonly { subnet: SubnetRef; rows: readonly LoadedAddress[] }[],
): Promise<void> {
  const stored = loads.flatMap(({ subnet, rows }) =>
    rows.map((row) => rowOf(accountId, subnet, { ...NOT_SEEN, ...row })),
  );
  for (const chunk of chunksOf(stored)) await db.insertInto('ip_addresses').values(chunk).execute();
  await adjustStatusCountsOfSubnets(
    db,
    loads.map(({ subnet, rows }) => ({
      subnetId: subnet.id,
      change: rows.reduce((sum, row) => addCounts(sum, statusChange(null, row.status)), NO_COUNTS),
    })),
  );
}

/**
 * Inserts never-written addresses with their data in multi-row statements, skipping any that a
 * concurrent writer stored meanwhile: answers the addresses inserted (counts are the caller's).
 */
export async function insertAbsentAddressRows(
  db: Db,
  accountId: string,
  subnet: SubnetRef,
  rows: readonly AddressData[],
): Promise<Set<bigint>> {
  const inserted = new Set<bigint>();
  for (const chunk of chunksOf(rows)) {
    const keys = await insertAbsent(
      db,
      chunk.map((row) => rowOf(accountId, subnet, row)),
    ).execute();
    for (const row of keys) inserted.add(valueOfSortKey(row.sort_key));
  }
  return inserted;
}
