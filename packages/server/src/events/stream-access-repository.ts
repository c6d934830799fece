import type { Db } from '../db/database.js';

/**
 * Whether an open event stream may still receive its account's events: its session is live and
 * its user still belongs to the account. One indexed query; run before each delivery.
 */
export async function isStreamStillAllowed(
  db: Db,
  stream: { sessionId: string; userId: string; accountId: string },
  now: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users_accounts', 'users_accounts.user_id', 'sessions.user_id')
    .select('sessions.id')
    .where('sessions.id', '=', stream.sessionId)
    .where('sessions.user_id', '=', stream.userId)
    .where('sessions.expires_at', '>', now)
    .where('users_accounts.account_id', '=', stream.accountId)
    .executeTakeFirst();
  return row !== undefined;
}
