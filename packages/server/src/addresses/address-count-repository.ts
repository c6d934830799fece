import type { Prefix } from '@ipam/core/prefix';
import { sql } from 'kysely';
import {
  selectAccountOfSession,
  sessionInAccountOf,
  type SessionInAccount,
} from '../accounts/account-repository.js';
import type { Db } from '../db/database.js';
import { toCount } from '../db/db-values.js';
import { preparedQuery } from '../db/prepared-query.js';
import { rowBuilderOf } from '../db/row-literal.js';
import {
  integerOf,
  integerOrNullOf,
  jsonArrayOf,
  jsonArrayText,
  textOf,
  textOrNullOf,
} from '../db/json-row.js';
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

/** The subnet columns and status counts a listed page needs: the list route's queries start here. */
export function selectListedSubnet(db: Db) {
  return db
    .selectFrom('subnets')
    .leftJoin('ip_address_counts', 'ip_address_counts.subnet_id', 'subnets.id')
    .select(['subnets.id', 'subnets.version', 'subnets.first_key', 'subnets.prefix_length'])
    .select(['ip_address_counts.in_use', 'ip_address_counts.reserved', 'ip_address_counts.available']);
}

/** A subnet being listed: its prefix and its written addresses per status. */
export interface ListedSubnetCounts {
  id: string;
  prefix: Prefix;
  counts: StatusCounts;
}

/** The listed subnet of a `selectListedSubnet` row. */
export function listedSubnetOf(row: {
  id: string;
  version: number;
  first_key: string;
  prefix_length: number;
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

/**
 * The caller check of an account route (`selectAccountOfSession`) with the subnet to list and its
 * status counts joined to it (null columns when the account has no such subnet): one row when the
 * caller is a member, none otherwise. Joined, not nested: a nested subnet query would be materialised.
 */
export function selectCallerWithListedSubnet(
  db: Db,
  param: (name: 'sessionId' | 'now' | 'accountId' | 'subnetId') => string,
) {
  return selectAccountOfSession(db, param)
    .leftJoin('subnets', (join) =>
      join.onRef('subnets.account_id', '=', 'accounts.id').on('subnets.id', '=', param('subnetId')),
    )
    .leftJoin('ip_address_counts', 'ip_address_counts.subnet_id', 'subnets.id')
    .select(['subnets.id as listedId', 'subnets.version', 'subnets.first_key', 'subnets.prefix_length'])
    .select(['ip_address_counts.in_use', 'ip_address_counts.reserved', 'ip_address_counts.available']);
}

/** The caller a `selectCallerWithListedSubnet` row found, and its listed subnet (`found`; undefined: none). */
export function joinedListedSubnetOf(
  row:
    | (Parameters<typeof sessionInAccountOf>[0] & {
        listedId: string | null;
        version: number | null;
        first_key: string | null;
        prefix_length: number | null;
        in_use: number | null;
        reserved: number | null;
        available: number | null;
      })
    | undefined,
): { caller: SessionInAccount | undefined; found: ListedSubnetCounts | undefined } {
  if (!row) return { caller: undefined, found: undefined };
  const { listedId, version, first_key, prefix_length } = row;
  const subnet =
    listedId === null || version === null || first_key === null || prefix_length === null
      ? undefined
      : listedSubnetOf({ ...row, id: listedId, version, first_key, prefix_length });
  return { caller: sessionInAccountOf(row), found: subnet };
}

/** The columns `selectCallerWithListedSubnet` selects, in the order of its row's JSON text. */
const CALLER_WITH_SUBNET_COLUMNS = [
  'id',
  'uid',
  'reference',
  'tier',
  'maxusers',
  'maxnetworks',
  'subId',
  'subStatus',
  'subStart',
  'subEnd',
  'userId',
  'expiresAt',
  'listedId',
  'version',
  'first_key',
  'prefix_length',
  'in_use',
  'reserved',
  'available',
] as const;

/** The object of a `callerWithListedSubnetJson` array's values, named by CALLER_WITH_SUBNET_COLUMNS. */
const callerWithSubnetRow = rowBuilderOf(CALLER_WITH_SUBNET_COLUMNS);

/**
 * The row of a `selectCallerWithListedSubnet` query named `alias` (in the FROM clause) as one JSON array
 * text, read back by `joinedListedSubnetOfJson`.
 */
export function callerWithListedSubnetJson(db: Db, alias: string) {
  return jsonArrayText(
    db,
    CALLER_WITH_SUBNET_COLUMNS.map((name) => sql.ref(`${alias}.${name}`)),
  );
}

/** `joinedListedSubnetOf` of a row's JSON text (`callerWithListedSubnetJson`). */
export function joinedListedSubnetOfJson(text: string): {
  caller: SessionInAccount | undefined;
  found: ListedSubnetCounts | undefined;
} {
  // By name, so the order lives in CALLER_WITH_SUBNET_COLUMNS alone.
  const row = callerWithSubnetRow(jsonArrayOf(text, CALLER_WITH_SUBNET_COLUMNS.length));
  return joinedListedSubnetOf({
    id: textOf(row.id),
    uid: textOf(row.uid),
    reference: textOf(row.reference),
    tier: integerOf(row.tier),
    maxusers: integerOf(row.maxusers),
    maxnetworks: integerOf(row.maxnetworks),
    subId: textOrNullOf(row.subId),
    subStatus: textOrNullOf(row.subStatus),
    subStart: textOrNullOf(row.subStart),
    subEnd: textOrNullOf(row.subEnd),
    userId: textOf(row.userId),
    expiresAt: textOf(row.expiresAt),
    listedId: textOrNullOf(row.listedId),
    version: integerOrNullOf(row.version),
    first_key: textOrNullOf(row.first_key),
    prefix_length: integerOrNullOf(row.prefix_length),
    in_use: integerOrNullOf(row.in_use),
    reserved: integerOrNullOf(row.reserved),
    available: integerOrNullOf(row.available),
  });
}

const listedSubnetOfCaller = preparedQuery(
  ['sessionId', 'now', 'accountId', 'subnetId'],
  selectCallerWithListedSubnet,
);

/**
 * `findListedSubnet` with the caller check of an account route in the same query: the caller it found
 * (undefined: no live session of a member) and the subnet.
 */
export async function findListedSubnetOfCaller(
  db: Db,
  caller: { sessionId: string; now: string },
  accountId: string,
  subnetId: string,
): Promise<{ caller: SessionInAccount | undefined; found: ListedSubnetCounts | undefined }> {
  const [row] = await listedSubnetOfCaller(db, {
    sessionId: caller.sessionId,
    now: caller.now,
    accountId,
    subnetId,
  });
  return joinedListedSubnetOf(row);
}

/**
 * Applies a change to the subnet's counts, inside the transaction of the write it counts. Nothing is
 * touched when nothing changes, so edits that keep the status never wait on this row.
 */
export async function adjustStatusCounts(db: Db, subnetId: string, change: StatusCounts): Promise<void> {
  if (change.Available === 0n && change['In Use'] === 0n && change.Reserved === 0n) return;
  await db
    .insertInto('ip_address_counts')
    .values({
      subnet_id: subnetId,
      in_use: Number(change['In Use']),
      reserved: Number(change.Reserved),
      available: Number(change.Available),
    })
    .onConflict((oc) =>
      oc.column('subnet_id').doUpdateSet((eb) => ({
        in_use: eb('ip_address_counts.in_use', '+', eb.ref('excluded.in_use')),
        reserved: eb('ip_address_counts.reserved', '+', eb.ref('excluded.reserved')),
        available: eb('ip_address_counts.available', '+', eb.ref('excluded.available')),
      })),
    )
    .execute();
}
