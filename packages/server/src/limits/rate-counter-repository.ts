import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** A counter after an attempt: its count in the current window and when that window ends. */
export interface CounterValue {
  count: number;
  windowEndsAt: number;
}

/**
 * Adds one to the counter `key` and answers its count: a counter whose window has ended starts again
 * at 1 with a new window. One upsert, atomic on both engines, so processes sharing the database count
 * together.
 */
export async function addCount(db: Db, key: string, now: number, windowMs: number): Promise<CounterValue> {
  const nowText = new Date(now).toISOString();
  const endsText = new Date(now + windowMs).toISOString();
  const expired = sql<boolean>`rate_counters.window_ends_at <= ${nowText}`;
  const row = await db
    .insertInto('rate_counters')
    .values({ key, count: 1, window_ends_at: endsText })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else rate_counters.count + 1 end`,
        window_ends_at: sql<string>`case when ${expired} then ${endsText} else rate_counters.window_ends_at end`,
      }),
    )
    .returning(['count', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowEndsAt: Date.parse(row.window_ends_at) };
}

/** The counters' counts now (0 for a missing or expired one), in the order of `keys`. */
export async function readCounts(db: Db, keys: readonly string[], now: number): Promise<CounterValue[]> {
  const rows = await db
    .selectFrom('rate_counters')
    .select(['key', 'count', 'window_ends_at'])
    .where('key', 'in', keys)
    .where('window_ends_at', '>', new Date(now).toISOString())
    .execute();
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return keys.map((key) => {
    const row = byKey.get(key);
    return row
      ? { count: Number(row.count), windowEndsAt: Date.parse(row.window_ends_at) }
      : { count: 0, windowEndsAt: 0 };
  });
}

/** Forgets a counter. */
export async function clearCount(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_counters').where('key', '=', key).execute();
}

/** Deletes counters whose window has ended. */
export async function deleteExpiredCounts(db: Db, now: number): Promise<void> {
  await db.deleteFrom('rate_counters').where('window_ends_at', '<=', new Date(now).toISOString()).execute();
}
