import type { IpVersion, Prefix } from '@ipam/core/prefix';
import { sql, type ExpressionBuilder, type QueryCreator } from 'kysely';
import { chunksOf } from '../db/chunks.js';
import { isPostgres, type Db } from '../db/database.js';
import { toCount } from '../db/db-values.js';
import type { Database } from '../db/schema.js';
import { preparedQuery } from '../db/prepared-query.js';
import { valueOfSortKey } from './address-keys.js';
import type { AddressStatus } from '@ipam/core/schemas/address-schemas';

/** Written (stored) addresses of a subnet per status. */
export type StatusCounts = Record<AddressStatus, bigint>;

/** All zero. */
export const NO_COUNTS: Readonly<StatusCounts> = { Available: 0n, 'In Use': 0n, Reserved: 0n };

/** The change to a subnet's counts when one stored address goes from `before` (null: new row) to `after`. */
export function statusChange(before: AddressStatus | null, after: AddressStatus): StatusCounts {
  const change = { ...NO_COUNTS };
  if (before !== null) change[before] -= 1n;
  change[after] += 1n;
  return change;
}

/** The sum of several changes (bulk inserts). */
export function addCounts(a: StatusCounts, b: StatusCounts): StatusCounts {
  return {
    Available: a.Available + b.Available,
    'In Use': a['In Use'] + b['In Use'],
    Reserved: a.Reserved + b.Reserved,
  };
}

const countsOfSubnet = preparedQuery(['subnetId'], (db, param) =>
  db
    .selectFrom('ip_address_counts')
    .select(['in_use', 'reserved', 'available'])
    .where('subnet_id', '=', param('subnetId')),
);

/** The subnet's written addresses per status (all zero when none was ever written); every page reads it. */
export async function readStatusCounts(db: Db, subnetId: string): Promise<StatusCounts> {
  const [row] = await countsOfSubnet(db, { subnetId });
  if (!row) return { ...NO_COUNTS };
  return {
    Available: BigInt(toCount(row.available)),
    'In Use': BigInt(toCount(row.in_use)),
    Reserved: BigInt(toCount(row.reserved)),
  };
}

/** The subnet columns and status counts a listed page needs. */
function selectListedSubnet(db: Db) {
  return db
    .selectFrom('subnets')
    .leftJoin('ip_address_counts', 'ip_address_counts.subnet_id', 'subnets.id')
    .select(['subnets.id', 'subnets.version', 'subnets.first_key', 'subnets.prefix_length', 'subnets.kind'])
    .select('subnets.stale_after_days')
    .select(['ip_address_counts.in_use', 'ip_address_counts.reserved', 'ip_address_counts.available']);
}

/** A subnet being listed: its prefix and its written addresses per status. */
export interface ListedSubnetCounts {
  id: string;
  prefix: Prefix;
  counts: StatusCounts;
  /** A container holds subnets, not addresses. */
  isContainer: boolean;
  /** Days after which an address no scanner has seen is stale; null: not marked. */
  staleAfterDays: number | null;
}

/** The listed subnet of a `selectListedSubnet` row. */
function listedSubnetOf(row: {
  id: string;
  version: number;
  first_key: string;
  prefix_length: number;
  kind: string;
  stale_after_days: number | null;
  in_use: number | null;
  reserved: number | null;
  available: number | null;
}): ListedSubnetCounts {
  return {
    id: row.id,
    prefix: {
      version: Number(row.version) === 6 ? 6 : 4,
      network: valueOfSortKey(row.first_key),
      length: Number(row.prefix_length),
    },
    counts: {
      Available: BigInt(toCount(row.available)),
      'In Use': BigInt(toCount(row.in_use)),
      Reserved: BigInt(toCount(row.reserved)),
    },
    isContainer: row.kind === 'container',
    staleAfterDays: row.stale_after_days === null ? null : Number(row.stale_after_days),
  };
}

const listedSubnet = preparedQuery(['accountId', 'subnetId'], (db, param) =>
  selectListedSubnet(db)
    .where('subnets.account_id', '=', param('accountId'))
    .where('subnets.id', '=', param('subnetId')),
);

/**
 * What a page of the account's subnet needs, in one query (the list route's): its prefix and its
 * written addresses per status; undefined when the account has no such subnet.
 */
export async function findListedSubnet(
  db: Db,
  accountId: string,
  subnetId: string,
): Promise<ListedSubnetCounts | undefined> {
  const [row] = await listedSubnet(db, { accountId, subnetId });
  return row && listedSubnetOf(row);
}

/** Whether a change of counts changes nothing. */
export function isNoChange(change: StatusCounts): boolean {
  return change.Available === 0n && change['In Use'] === 0n && change.Reserved === 0n;
}

/** A change of counts as a prepared statement's parameters. */
export function countParams(change: StatusCounts) {
  return {
    inUse: Number(change['In Use']),
    reserved: Number(change.Reserved),
    available: Number(change.Available),
  };
}

/** The parameters of a change of one leaf's counts. */
const COUNT_CHANGE = ['subnetId', 'inUse', 'reserved', 'available'] as const;
type CountParam = (name: (typeof COUNT_CHANGE)[number]) => string;

/** A change's parameters, typed (a bare parameter in arithmetic reaches PostgreSQL as text). */
const changeOf = (param: CountParam) => ({
  inUse: sql<number>`cast(${param('inUse')} as integer)`,
  reserved: sql<number>`cast(${param('reserved')} as integer)`,
  available: sql<number>`cast(${param('available')} as integer)`,
});

/** Adds the change to the leaf's counts row. */
export function countingQuery(qc: QueryCreator<Database>, subnetId: string, param: CountParam) {
  const change = changeOf(param);
  return qc
    .updateTable('ip_address_counts')
    .set((eb) => ({
      in_use: eb('in_use', '+', change.inUse),
      reserved: eb('reserved', '+', change.reserved),
      available: eb('available', '+', change.available),
    }))
    .where('subnet_id', '=', subnetId);
}

/** The totals' columns changed by a change of counts. */
function totalsChange(param: CountParam) {
  const change = changeOf(param);
  return (eb: ExpressionBuilder<Database, 'leaf_use_totals'>) => ({
    in_use: eb('leaf_use_totals.in_use', '+', change.inUse),
    reserved: eb('leaf_use_totals.reserved', '+', change.reserved),
  });
}

/**
 * PostgreSQL: the totals row of the leaf whose counts row `counted` returns (its account, version
 * and prefix length), changed; answers a row per totals row changed.
 */
export function totalingFromCounted<DB extends Database & { counted: LeafKey }>(
  qc: QueryCreator<DB>,
  param: CountParam,
) {
  return (qc as unknown as QueryCreator<Database & { counted: LeafKey }>)
    .updateTable('leaf_use_totals')
    .from('counted')
    .set(totalsChange(param))
    .whereRef('leaf_use_totals.account_id', '=', 'counted.account_id')
    .whereRef('leaf_use_totals.version', '=', 'counted.version')
    .whereRef('leaf_use_totals.prefix_length', '=', 'counted.prefix_length')
    .returning(sql<number>`1`.as('changed'));
}

/** What a leaf's totals row is keyed by, as its counts row carries it. */
export interface LeafKey {
  account_id: string;
  version: number;
  prefix_length: number;
}

/** The columns a counts row returns to key its totals. */
export const LEAF_KEY = ['account_id', 'version', 'prefix_length'] as const;

/**
 * Adds a change to a leaf's counts row and to its account's totals for the leaf's version and prefix
 * length. PostgreSQL runs it as one statement (a data-modifying WITH); SQLite, where a statement costs
 * no round trip, as two (`addToCounts`, then `addToTotals` keyed by what the first returns). Each
 * answers a row per totals row changed: one, or none when the leaf has no counts row (which every
 * leaf gets at its creation: `startLeafUse`).
 */
const addToCountsAndTotals = preparedQuery(COUNT_CHANGE, (db, param) =>
  totalingFromCounted(
    db.with('counted', (qc) => countingQuery(qc, param('subnetId'), param).returning(LEAF_KEY)),
    param,
  ),
);
const addToCounts = preparedQuery(COUNT_CHANGE, (db, param) =>
  countingQuery(db, param('subnetId'), param).returning(LEAF_KEY),
);
const LEAF_TOTALS = [...COUNT_CHANGE, 'accountId', 'version', 'prefixLength'] as const;
const addToTotals = preparedQuery(LEAF_TOTALS, (db, param) =>
  db
    .updateTable('leaf_use_totals')
    .set(totalsChange(param))
    .where('account_id', '=', param('accountId'))
    .where('version', '=', sql<number>`${param('version')}`)
    .where('prefix_length', '=', sql<number>`${param('prefixLength')}`)
    .returning(sql<number>`1`.as('changed')),
);

/** Throws unless one totals row changed: a leaf without its counts row would lose counts silently. */
export function expectOneLeafChanged(changed: number, subnetId: string): void {
  if (changed !== 1)
    throw new Error(
      `subnet ${subnetId} has no kept counts: it is not a leaf, or was loaded without startLeafUse`,
    );
}

/**
 * Applies a change to the leaf's counts and its account's totals, inside the transaction of the write
 * it counts. Nothing is touched when nothing changes, so edits that keep the status never wait on
 * these rows.
 */
export async function adjustStatusCounts(db: Db, subnetId: string, change: StatusCounts): Promise<void> {
  if (isNoChange(change)) return;
  const params = { subnetId, ...countParams(change) };
  if (isPostgres(db)) {
    expectOneLeafChanged((await addToCountsAndTotals(db, params)).length, subnetId);
    return;
  }
  const [leaf] = await addToCounts(db, params);
  if (!leaf) return expectOneLeafChanged(0, subnetId);
  const key = { accountId: leaf.account_id, version: leaf.version, prefixLength: leaf.prefix_length };
  expectOneLeafChanged((await addToTotals(db, { ...params, ...key })).length, subnetId);
}

/** Adds each leaf's change to its kept counts and its account's totals (bulk loads). */
export async function adjustStatusCountsOfSubnets(
  db: Db,
  changes: readonly { subnetId: string; change: StatusCounts }[],
): Promise<void> {
  for (const { subnetId, change } of changes) await adjustStatusCounts(db, subnetId, change);
}

/**
 * Adds `delta` to the leaf's approval entries waiting (`pending`), inside the transaction that added
 * or removed them: the dashboard ranks subnets by it (ip_address_counts_pending_idx).
 */
export async function adjustPendingApprovals(db: Db, subnetId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  const changed = await db
    .updateTable('ip_address_counts')
    .set((eb) => ({ pending: eb('pending', '+', delta) }))
    .where('subnet_id', '=', subnetId)
    .executeTakeFirst();
  expectOneLeafChanged(Number(changed.numUpdatedRows), subnetId);
}

/** A new leaf, as its counts row and totals carry it. */
export interface NewLeaf {
  id: string;
  accountId: string;
  version: IpVersion;
  prefixLength: number;
  nameKey: string;
}

/** The new leaves among subnet rows written past the repository (bulk loads), as startLeafUse takes them. */
export function newLeavesOf(
  rows: readonly {
    id: string;
    account_id: string;
    version: number;
    prefix_length: number;
    name_key: string;
    kind: string;
  }[],
): NewLeaf[] {
  return rows
    .filter((row) => row.kind === 'leaf')
    .map((row) => ({
      id: row.id,
      accountId: row.account_id,
      version: row.version === 6 ? 6 : 4,
      prefixLength: row.prefix_length,
      nameKey: row.name_key,
    }));
}

/**
 * New leaves (one on a create, many on a bulk load): each gets its counts row, all zero, and its
 * account's totals one more leaf of its version and prefix length.
 */
export async function startLeafUse(db: Db, leaves: readonly NewLeaf[]): Promise<void> {
  for (const chunk of chunksOf(leaves)) {
    await db
      .insertInto('ip_address_counts')
      .values(
        chunk.map((leaf) => ({
          subnet_id: leaf.id,
          account_id: leaf.accountId,
          version: leaf.version,
          prefix_length: leaf.prefixLength,
          name_key: leaf.nameKey,
          in_use: 0,
          reserved: 0,
          available: 0,
        })),
      )
      .execute();
  }
  const groups = new Map<string, { key: LeafKey; subnets: number }>();
  for (const leaf of leaves) {
    const key = `${leaf.accountId} ${leaf.version} ${leaf.prefixLength}`;
    const group = groups.get(key) ?? {
      key: { account_id: leaf.accountId, version: leaf.version, prefix_length: leaf.prefixLength },
      subnets: 0,
    };
    group.subnets += 1;
    groups.set(key, group);
  }
  // In key order, so two loads cannot deadlock on the totals rows.
  for (const [, { key, subnets }] of [...groups].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await db
      .insertInto('leaf_use_totals')
      .values({ ...key, subnets, in_use: 0, reserved: 0 })
      .onConflict((oc) =>
        oc
          .columns(['account_id', 'version', 'prefix_length'])
          .doUpdateSet((eb) => ({ subnets: eb('leaf_use_totals.subnets', '+', eb.ref('excluded.subnets')) })),
      )
      .execute();
  }
}

/** A leaf about to be deleted: it and its counts leave its account's totals (its counts row goes with it). */
export async function endLeafUse(db: Db, accountId: string, subnetId: string): Promise<void> {
  const row = await db
    .selectFrom('ip_address_counts')
    .select([...LEAF_KEY, 'in_use', 'reserved'])
    .where('account_id', '=', accountId)
    .where('subnet_id', '=', subnetId)
    .executeTakeFirst();
  if (!row) return;
  await db
    .updateTable('leaf_use_totals')
    .set((eb) => ({
      subnets: eb('subnets', '-', 1),
      in_use: eb('in_use', '-', row.in_use),
      reserved: eb('reserved', '-', row.reserved),
    }))
    .where('account_id', '=', row.account_id)
    .where('version', '=', row.version)
    .where('prefix_length', '=', row.prefix_length)
    .execute();
}

/** A renamed leaf ranks among equally full ones by its new name. */
export async function renameLeafUse(db: Db, subnetId: string, nameKey: string): Promise<void> {
  await db
    .updateTable('ip_address_counts')
    .set({ name_key: nameKey })
    .where('subnet_id', '=', subnetId)
    .execute();
}
