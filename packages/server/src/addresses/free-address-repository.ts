import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { preparedQuery } from '../db/prepared-query.js';
import { sortKeyOf, valueOfSortKey } from './address-keys.js';
import type { SubnetRef } from './address-repository.js';

/** Longest run of stored addresses one query steps over (keeps a single query's index walk bounded). */
const MAX_STRIDE = 1 << 16;
/**
 * Stored keys read at once where a gap is known (or likely) to lie close: a /24 in one query, and a
 * gallop's last narrowing in one query instead of eight probes. 256 short keys are a few kilobytes.
 */
export const KEYS_PER_READ = 256;

/** The `offset`-th stored address (any status) from `from` up to `to`: one index key per query. */
const storedAtOffset = preparedQuery(['subnetId', 'from', 'to', 'offset'], (db, param) =>
  db
    .selectFrom('ip_addresses')
    .select('sort_key')
    .where('subnet_id', '=', param('subnetId'))
    .where('sort_key', '>=', param('from'))
    .where('sort_key', '<=', param('to'))
    .orderBy('sort_key')
    .limit(1)
    .offset(sql<number>`${param('offset')}`),
);

/** The first `limit` stored addresses from `from` up to `to`, with their statuses. */
const storedFrom = preparedQuery(['subnetId', 'from', 'to', 'limit'], (db, param) =>
  db
    .selectFrom('ip_addresses')
    .select(['sort_key', 'status'])
    .where('subnet_id', '=', param('subnetId'))
    .where('sort_key', '>=', param('from'))
    .where('sort_key', '<=', param('to'))
    .orderBy('sort_key')
    .limit(sql<number>`${param('limit')}`),
);

const firstAvailable = preparedQuery(['subnetId', 'from', 'to'], (db, param) =>
  db
    .selectFrom('ip_addresses')
    .select('sort_key')
    .where('subnet_id', '=', param('subnetId'))
    .where('status', '=', 'Available')
    .where('sort_key', '>=', param('from'))
    .where('sort_key', '<=', param('to'))
    .orderBy('sort_key')
    .limit(1),
);

const range = (subnet: SubnetRef, from: bigint, to: bigint) => ({
  subnetId: subnet.id,
  from: sortKeyOf(subnet.version, from),
  to: sortKeyOf(subnet.version, to),
});

/** The first `limit` stored addresses from `from` up to `to`, in order, with their statuses. */
export async function storedRunFrom(
  db: Db,
  subnet: SubnetRef,
  from: bigint,
  to: bigint,
  limit: number,
): Promise<{ value: bigint; status: AddressStatus }[]> {
  const rows = await storedFrom(db, { ...range(subnet, from, to), limit });
  return rows.map((row) => ({ value: valueOfSortKey(row.sort_key), status: row.status }));
}

/**
 * The lowest address in [from, to] that has no stored row, or null when every one has. Stored
 * addresses are distinct and sorted, so the n-th one from p equals p + n − 1 exactly when p … p + n − 1
 * are all stored: the walk gallops over such runs (doubling n while they hold, shrinking it when a gap
 * is inside), with the offsets stepped inside the engine's index and only one key read per query; once
 * a gap is known to lie within KEYS_PER_READ addresses, one query reads those keys and finds it.
 * 100,000 stored addresses before the first gap cost about 25 queries, not 100,000 rows. `stride` is
 * the first run probed (a caller that has just read a full run may expect a long one).
 */
export async function firstUnstoredAddress(
  db: Db,
  subnet: SubnetRef,
  from: bigint,
  to: bigint,
  stride = 1,
): Promise<bigint | null> {
  let position = from;
  // The shortest run known to hold a gap from `position` on: strides stay below it (a binary search).
  let failed = Number.POSITIVE_INFINITY;
  while (position <= to) {
    if (failed <= KEYS_PER_READ) {
      const run = await storedRunFrom(db, subnet, position, to, failed);
      const gap = run.findIndex((stored, i) => stored.value !== position + BigInt(i));
      if (gap >= 0) return position + BigInt(gap);
      const end = position + BigInt(run.length);
      if (run.length < failed) return end <= to ? end : null;
      // A writer outside this transaction filled the gap meanwhile: walk on from the run's end.
      position = end;
      failed = Number.POSITIVE_INFINITY;
      continue;
    }
    const row = await storedAtOffset(db, { ...range(subnet, position, to), offset: stride - 1 });
    const key = row[0] ? valueOfSortKey(row[0].sort_key) : null;
    if (key === position + BigInt(stride - 1)) {
      position += BigInt(stride);
      failed -= stride;
      const doubled = Math.min(stride * 2, MAX_STRIDE);
      stride = doubled < failed ? doubled : Math.max(1, Math.floor(failed / 2));
    } else if (stride === 1) {
      return position;
    } else {
      failed = stride;
      stride = Math.max(1, stride >> 1);
    }
  }
  return null;
}

/** The lowest address in [from, to] stored with the status Available, or null. */
export async function firstStoredAvailable(db: Db, subnet: SubnetRef, from: bigint, to: bigint) {
  const [row] = await firstAvailable(db, range(subnet, from, to));
  return row ? valueOfSortKey(row.sort_key) : null;
}
