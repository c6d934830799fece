import type { Db } from '../db/database.js';

/** What a challenge was made for. */
export type ChallengePurpose = 'register' | 'second_factor' | 'sign_in';

/** A stored challenge, taken (deleted) once. */
export interface StoredChallenge {
  purpose: string;
  userId: string | null;
}

/** Stores a challenge under its hash, and drops the expired ones of anybody (the table stays small). */
export async function insertChallenge(
  db: Db,
  row: { id: string; purpose: ChallengePurpose; userId: string | null; createdAt: string; expiresAt: string },
): Promise<void> {
  await deleteExpiredChallenges(db, row.createdAt);
  await db
    .insertInto('webauthn_challenges')
    .values({
      id: row.id,
      purpose: row.purpose,
      user_id: row.userId,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .execute();
}

/**
 * Takes the challenge with this hash, unexpired at `now`: reads it and deletes it, and answers it only
 * to the request whose delete removed it, so a challenge works once even across server processes.
 */
export async function takeChallenge(db: Db, id: string, now: string): Promise<StoredChallenge | undefined> {
  const row = await db
    .selectFrom('webauthn_challenges')
    .select(['purpose', 'user_id as userId', 'expires_at as expiresAt'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const result = await db.deleteFrom('webauthn_challenges').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1 || row.expiresAt <= now) return undefined;
  return { purpose: row.purpose, userId: row.userId };
}

/** Deletes challenges expired by `now` (also the hourly cleanup). */
export async function deleteExpiredChallenges(db: Db, now: string): Promise<void> {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
}
