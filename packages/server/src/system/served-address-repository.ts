import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';

const SERVED_AT = 'served_at';

/**
 * Records the address a starting server serves at (PUBLIC_URL, else its host and port), so the
 * operator's commands build links on it whatever their own shell's PORT or PUBLIC_URL. The latest
 * start wins.
 */
export async function recordServedAddress(db: Db, url: string): Promise<void> {
  const updatedAt = nowIso();
  await db
    .insertInto('server_settings')
    .values({ key: SERVED_AT, value: url, updated_at: updatedAt })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: url, updated_at: updatedAt }))
    .execute();
}

/** The address the server last recorded at start, or null when no server has started on this database. */
export async function findServedAddress(db: Db): Promise<{ url: string; recordedAt: string } | null> {
  const row = await db
    .selectFrom('server_settings')
    .select(['value', 'updated_at'])
    .where('key', '=', SERVED_AT)
    .executeTakeFirst();
  return row ? { url: row.value, recordedAt: row.updated_at } : null;
}
