/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/**
 * Login and sign-up attempt counters shared by every server process on one PostgreSQL database, so a
 * limit holds across processes (a single SQLite process counts in memory). One row per counter key
 * and window; expired rows are deleted with the expired sessions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_attempts_window_idx')
    .on('auth_attempts')
    .column('window_ends_at')
    .execute();
}

/** Drops the table `up` created. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_attempts').execute();
}
