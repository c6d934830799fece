import type { Db } from '../db/database.js';

/** Stores a reset token's hash for the user. */
export async function insertPasswordReset(
  db: Db,
  reset: { id: string; userId: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      id: reset.id,
      user_id: reset.userId,
      created_at: reset.createdAt,
      expires_at: reset.expiresAt,
    })
    .execute();
}

/**
 * Deletes the reset with this token hash and answers its user when it had not expired at `now`
 * (single use: a second call finds nothing; an expired one is deleted too).
 */
export async function takePasswordReset(db: Db, id: string, now: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('password_resets')
    .where('id', '=', id)
    .returning(['user_id', 'expires_at'])
    .executeTakeFirst();
  return row && row.expires_at > now ? row.user_id : undefined;
}

/** Deletes every reset of the user (after a reset succeeded, older links are void). */
export async function deletePasswordResetsOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}

/** Deletes resets that expired before `now`. */
export async function deleteExpiredPasswordResets(db: Db, now: string): Promise<void> {
  await db.deleteFrom('password_resets').where('expires_at', '<=', now).execute();
}
