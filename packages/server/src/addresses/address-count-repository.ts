import type { Prefix } from '@ipam/core/prefix';
import { sql, type InsertQueryBuilder } from 'kysely';
import { chunksOf } from '../db/chunks.js';
import type { Db } from '../db/database.js';
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

/** The counts row of an insert, added to the stored one when the subnet has one (every count writer's). */
export function addingToCounts<O>(insert: InsertQueryBuilder<Database, 'ip_address_counts', O>) {
  return insert.onConflict((oc) =>
    oc.column('subnet_id').doUpdateSet((eb) => ({
      in_use: eb('ip_address_counts.in_use', '+', eb.ref('excluded.in_use')),
      reserved: eb('ip_address_counts.reserved', '+', eb.ref('excluded.reserved')),
      available: eb('ip_address_counts.available', '+', eb.ref('excluded.available')),
    })),
  );
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

/** Adds to the subnet's counts row (creating it): one text, compiled once and named on PostgreSQL. */
const addToCounts = preparedQuery(['subnetId', 'inUse', 'reserved', 'available'], (db, param) =>
  addingToCounts(
    db.insertInto('ip_address_counts').values({
      subnet_id: param('subnetId'),
      in_use: sql<number>`${param('inUse')}`,
      reserved: sql<number>`${param('reserved')}`,
      available: sql<number>`${param('available')}`,
    }),
  ),
);

/**
 * Applies a change to the subnet's counts, inside the transaction of the write it counts. Nothing is
 * touched when nothing changes, so edits that keep the status never wait on this row.
 */
export async function adjustStatusCounts(db: Db, subnetId: string, change: StatusCounts): Promise<void> {
  if (isNoChange(change)) return;
  await addToCounts(db, { subnetId, ...countParams(change) });
}

/** Adds each subnet's change to its kept status counts, many subnets a statement (bulk loads). */
export async function adjustStatusCountsOfSubnets(
  db: Db,
  changes: readonly { subnetId: string; change: StatusCounts }[],
): Promise<void> {
  const rows = changes
    .filter(({ change }) => !isNoChange(change))
    .map(({ subnetId, change }) => {
      const { inUse, reserved, available } = countParams(change);
      return { subnet_id: subnetId, in_use: inUse, reserved, available };
    });
  for (const chunk of chunksOf(rows)) {
    await addingToCounts(db.insertInto('ip_address_counts').values(chunk)).execute();
  }
}
