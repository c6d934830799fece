import type { Db } from '../db/database.js';

/** Stores a session under the hash of its token. */
export async function insertSession(
  db: Db,
  session: {
    id: string;
    userId: string;
    createdAt: string;
    expiresAt: string;
    userAgent: string | null;
    ipAddress: string | null;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      user_agent: session.userAgent,
      ip_address: session.ipAddress,
      last_seen_at: session.createdAt,
    })
    .execute();
}

/** The session with this token hash that has not expired at `now`. */
export async function findLiveSession(
  db: Db,
  id: string,
  now: string,
): Promise<{ userId: string; expiresAt: string; lastSeenAt: string | null } | undefined> {
  return db
    .selectFrom('sessions')
    .select(['user_id as userId', 'expires_at as expiresAt', 'last_seen_at as lastSeenAt'])
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Records a session's last activity, moving its idle expiry forward too when `expiresAt` is given. */
export async function touchSession(
  db: Db,
  id: string,
  change: { lastSeenAt: string; expiresAt?: string },
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: change.lastSeenAt, ...(change.expiresAt ? { expires_at: change.expiresAt } : {}) })
    .where('id', '=', id)
    .execute();
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

/** A user's session as their session list shows it. */
export interface SessionRecord {
  id: string;
  createdAt: string;
  expiresAt: string;
  userAgent: string | null;
  ipAddress: string | null;
  /** Null for a session started before last activity was recorded. */
  lastSeenAt: string | null;
}

/** The user's live sessions, newest first. */
export async function listLiveSessions(db: Db, userId: string, now: string): Promise<SessionRecord[]> {
  return db
    .selectFrom('sessions')
    .select([
      'id',
      'created_at as createdAt',
      'expires_at as expiresAt',
      'user_agent as userAgent',
      'ip_address as ipAddress',
      'last_seen_at as lastSeenAt',
    ])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Ends every session of the user except `keepId` (none kept when null); returns how many ended. */
export async function deleteSessionsOfUser(db: Db, userId: string, keepId: string | null): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepId !== null) query = query.where('id', '!=', keepId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends one session of the user; false when the user has no session with that id. */
export async function deleteSessionOfUser(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
