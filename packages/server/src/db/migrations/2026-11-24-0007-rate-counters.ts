/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/**
 * Rate counters in fixed windows, shared by every server process on the database: login and sign-up
 * attempts on PostgreSQL (a single SQLite process counts those in memory) and invite e-mails. One row
 * per counter key and window; expired rows are deleted with the expired sessions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_counters_window_idx')
    .on('rate_counters')
    .column('window_ends_at')
    .execute();
}

/** Drops the table `up` created. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_counters').execute();
}
