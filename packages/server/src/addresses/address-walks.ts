import type { RangeTextSearch } from '@ipam/core/range-text-search';
import type { Db } from '../db/database.js';
import { storedAmong, storedValuesFrom, type StoredFilter, type SubnetRef } from './address-repository.js';

/** Stored keys fetched per round trip while walking the gaps between them. */
export const SKIP_BATCH = 2000;
const MAX_CANDIDATE_BATCH = 2000;

/**
 * The first `need` addresses in [from, to] that are not stored rows passing `skip`, in order:
 * fetches the skipped keys in ascending batches and emits the addresses in the gaps between them.
 */
export async function addressesBetweenStored(
  db: Db,
  subnet: SubnetRef,
  from: bigint,
  to: bigint,
  skip: StoredFilter,
  need: number,
): Promise<bigint[]> {
  const found: bigint[] = [];
  let position = from;
  while (found.length < need && position <= to) {
    const skipped = await storedValuesFrom(db, subnet, position, to, skip, SKIP_BATCH);
    for (const value of skipped) {
      while (position < value && found.length < need) found.push(position++);
      if (found.length >= need) return found;
      position = value + 1n;
    }
    if (skipped.length < SKIP_BATCH) {
      while (position <= to && found.length < need) found.push(position++);
      return found;
    }
  }
  return found;
}

/**
 * The first `need` never-written addresses in [from, to] whose text matches the search, in order:
 * candidates come from the digit-DP search; each batch is checked against the stored rows at once.
 */
export async function unstoredTextMatches(
  db: Db,
  subnet: SubnetRef,
  search: RangeTextSearch,
  from: bigint,
  to: bigint,
  need: number,
): Promise<bigint[]> {
  const found: bigint[] = [];
  let position = from;
  while (found.length < need && position <= to) {
    const batchSize = Math.min(MAX_CANDIDATE_BATCH, (need - found.length) * 2 + 16);
    const candidates: bigint[] = [];
    while (candidates.length < batchSize && position <= to) {
      const next = search.next(position, to);
      if (next === null) {
        position = to + 1n;
        break;
      }
      candidates.push(next);
      position = next + 1n;
    }
    const stored = await storedAmong(db, subnet, candidates);
    for (const candidate of candidates) {
      if (stored.has(candidate)) continue;
      found.push(candidate);
      if (found.length >= need) return found;
    }
  }
  return found;
}
