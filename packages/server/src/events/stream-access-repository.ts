import type { Db } from '../db/database.js';
import { chunksOf } from '../db/chunks.js';

/** Who holds an open event stream: the session that opened it and its user. */
export interface StreamAccess {
  sessionId: string;
  userId: string;
}

/**
 * Which of the given sessions may still receive the account's events: the session is live, it is
 * still its user's, and the user still belongs to the account. One indexed query per 500 sessions,
 * however many streams they hold: run once per burst of events for all of an account's streams.
 */
export async function allowedStreamSessions(
  db: Db,
  accountId: string,
  accesses: readonly StreamAccess[],
  now: string,
): Promise<Set<string>> {
  const allowed = new Set<string>();
  const sessionIds = [...new Set(accesses.map((access) => access.sessionId))];
  for (const chunk of chunksOf(sessionIds)) {
    const rows = await db
      .selectFrom('sessions')
      .innerJoin('users_accounts', 'users_accounts.user_id', 'sessions.user_id')
      .select(['sessions.id', 'sessions.user_id as userId'])
      .where('sessions.id', 'in', chunk)
      .where('sessions.expires_at', '>', now)
      .where('users_accounts.account_id', '=', accountId)
      .execute();
    for (const row of rows) allowed.add(`${row.id} ${row.userId}`);
  }
  return allowed;
}

/** The key `allowedStreamSessions` answers with for one stream's access. */
export function accessKey(access: StreamAccess): string {
  return `${access.sessionId} ${access.userId}`;
}
