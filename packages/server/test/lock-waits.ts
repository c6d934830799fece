import { sql } from 'kysely';
import { isPostgres, type Db } from '../src/db/database.js';

/**
 * Waits until `writers.length` sessions of the test database are waiting on a lock, or until every
 * writer has settled (one that never waited; the test's assertions judge it), so a race test starts
 * its next step at the interleaving it means instead of sleeping and hoping. PostgreSQL only: on
 * SQLite a transaction holds the one connection, so a second writer cannot start before the commit
 * and the interleaving is fixed by design; there is nothing to wait for.
 */
export async function untilWaitingOnLocks(db: Db, writers: readonly Promise<unknown>[]): Promise<void> {
  if (!isPostgres(db)) return;
  let settled = 0;
  for (const writer of writers) {
    writer.then(
      () => settled++,
      () => settled++,
    );
  }
  const deadline = Date.now() + 10_000;
  let waiting = 0;
  while (settled < writers.length) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    waiting = rows[0]?.waiting ?? 0;
    if (waiting >= writers.length - settled) return;
    if (Date.now() > deadline) {
      throw new Error(
        `expected ${writers.length - settled} sessions waiting on a lock; ${waiting} after 10 s`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
