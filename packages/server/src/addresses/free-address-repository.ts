import type { Db } from '../db/database.js';
import { sortKeyOf, valueOfSortKey } from './address-keys.js';
import type { SubnetRef } from './address-repository.js';

/** Longest run of stored addresses one query steps over (keeps a single query's index walk bounded). */
const MAX_STRIDE = 1 << 16;

/** The `offset`-th stored address (any status) from `from` up to `to`, or null when there are fewer. */
async function storedAtOffset(db: Db, subnet: SubnetRef, from: bigint, to: bigint, offset: number) {
  const row = await db
    .selectFrom('ip_addresses')
    .select('sort_key')
    .where('subnet_id', '=', subnet.id)
    .where('sort_key', '>=', sortKeyOf(subnet.version, from))
    .where('sort_key', '<=', sortKeyOf(subnet.version, to))
    .orderBy('sort_key')
    .limit(1)
    .offset(offset)
    .executeTakeFirst();
  return row ? valueOfSortKey(row.sort_key) : null;
}

/**
 * The lowest address in [from, to] that has no stored row, or null when every one has. Stored
 * addresses are distinct and sorted, so the n-th one from p equals p + n − 1 exactly when p … p + n − 1
 * are all stored: the walk gallops over such runs (doubling n while they hold, shrinking it when a gap
 * is inside), with the offsets stepped inside the engine's index and only one key read per query.
 * 100,000 stored addresses before the first gap cost about 30 queries, not 100,000 rows.
 */
export async function firstUnstoredAddress(
  db: Db,
  subnet: SubnetRef,
  from: bigint,
  to: bigint,
): Promise<bigint | null> {
  let position = from;
  let stride = 1;
  // The shortest run known to hold a gap from `position` on: strides stay below it (a binary search).
  let failed = Number.POSITIVE_INFINITY;
  while (position <= to) {
    const key = await storedAtOffset(db, subnet, position, to, stride - 1);
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
  const row = await db
    .selectFrom('ip_addresses')
    .select('sort_key')
    .where('subnet_id', '=', subnet.id)
    .where('status', '=', 'Available')
    .where('sort_key', '>=', sortKeyOf(subnet.version, from))
    .where('sort_key', '<=', sortKeyOf(subnet.version, to))
    .orderBy('sort_key')
    .limit(1)
    .executeTakeFirst();
  return row ? valueOfSortKey(row.sort_key) : null;
}
