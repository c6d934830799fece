import type { Db } from '../db/database.js';

/** A sign-in waiting for its second factor. */
export interface PendingLogin {
  userId: string;
  failures: number;
}

/** Stores a pending sign-in under its token's hash. */
export async function insertPendingLogin(
  db: Db,
  row: { id: string; userId: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('pending_logins')
    .values({ id: row.id, user_id: row.userId, created_at: row.createdAt, expires_at: row.expiresAt })
    .execute();
}

/** The pending sign-in with this hash, unexpired at `now`; undefined otherwise. */
export async function findPendingLogin(db: Db, id: string, now: string): Promise<PendingLogin | undefined> {
  const row = await db
    .selectFrom('pending_logins')
    .select(['user_id as userId', 'failures'])
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row && { userId: row.userId, failures: Number(row.failures) };
}

/** Ends a pending sign-in; true for the one request that ended it (single use). */
export async function deletePendingLogin(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('pending_logins').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Counts a wrong code against a pending sign-in. */
export async function addPendingLoginFailure(db: Db, id: string): Promise<void> {
  await db
    .updateTable('pending_logins')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Ends every pending sign-in of the user (their factors changed) and the expired ones of anybody. */
export async function deletePendingLoginsOfUser(db: Db, userId: string, now: string): Promise<void> {
  await db
    .deleteFrom('pending_logins')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('expires_at', '<=', now)]))
    .execute();
}

/** Deletes pending sign-ins expired by `now` (the hourly cleanup). */
export async function deleteExpiredPendingLogins(db: Db, now: string): Promise<void> {
  await db.deleteFrom('pending_logins').where('expires_at', '<=', now).execute();
}
