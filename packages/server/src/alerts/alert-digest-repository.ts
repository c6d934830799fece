import type { Db } from '../db/database.js';

/** Whether the user asked for the daily e-mail of alerts. */
export async function hasDigestSubscription(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('alert_digests')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Opts the user in: their first digest covers the alerts written from `now` on (again opting in keeps it). */
export async function addDigestSubscription(db: Db, userId: string, now: string): Promise<void> {
  await db
    .insertInto('alert_digests')
    .values({ user_id: userId, covered_until: now, created_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** Opts the user out. */
export async function removeDigestSubscription(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('alert_digests').where('user_id', '=', userId).execute();
}

/** A subscriber whose digest is due: their address and up to when their alerts were mailed. */
export interface DueDigest {
  userId: string;
  email: string;
  coveredUntil: string;
}

/** Up to `limit` subscribers whose alerts were last covered at or before `dueAt`, the longest waiting first. */
export async function listDueDigests(db: Db, dueAt: string, limit: number): Promise<DueDigest[]> {
  const rows = await db
    .selectFrom('alert_digests')
    .innerJoin('users', 'users.id', 'alert_digests.user_id')
    .select(['alert_digests.user_id', 'users.email', 'alert_digests.covered_until'])
    .where('alert_digests.covered_until', '<=', dueAt)
    .orderBy('alert_digests.covered_until')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ userId: row.user_id, email: row.email, coveredUntil: row.covered_until }));
}

/**
 * Takes the subscriber's digest for (`from`, `to`]: moves their mark from `from` to `to` only while it
 * still reads `from`, so of several processes looking at once exactly one takes it (PostgreSQL's
 * UPDATE waits for the first taker's commit and then finds the mark moved; SQLite has one writer).
 */
export async function claimDigest(trx: Db, userId: string, from: string, to: string): Promise<boolean> {
  const result = await trx
    .updateTable('alert_digests')
    .set({ covered_until: to })
    .where('user_id', '=', userId)
    .where('covered_until', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
