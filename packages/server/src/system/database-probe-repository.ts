import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * Asks the database the most trivial question (`select 1`): resolves when it answers, rejects with the
 * driver's error when it fails. A SELECT of the query builder, not raw SQL, so on SQLite it goes to
 * the read connection and never waits behind a long write transaction.
 */
export async function pingDatabase(db: Db): Promise<void> {
  await db.selectNoFrom(sql<number>`1`.as('one')).execute();
}
