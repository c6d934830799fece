import type { Db } from '../db/database.js';

/** Stores a session under the hash of its token. */
export async function insertSession(
  db: Db,
  session: { id: string; userId: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
    })
    .execute();
}

/** The session with this token hash that has not expired at `now`. */
export async function findLiveSession(
  db: Db,
  id: string,
  now: string,
): Promise<{ userId: string; expiresAt: string } | undefined> {
  return db
    .selectFrom('sessions')
    .select(['user_id as userId', 'expires_at as expiresAt'])
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Moves a session's idle expiry forward. */
export async function extendSession(db: Db, id: string, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', id).execute();
}

/** Ends a session. */
export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Removes sessions that expired before `now`; returns how many. */
export async function deleteExpiredSessions(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
