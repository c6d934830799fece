/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

const SEEN_TEXT = ['seen_hostname', 'seen_mac', 'seen_at', 'scanner_name', 'hostname_after', 'mac_after'];

/**
 * Approvals a person can trust (issue 33): each entry keeps what the scan saw (alive, hostname, MAC,
 * when, which scanner) and the fields Confirm writes (null: Confirm leaves that field); an ignored
 * observation is remembered per subnet and address until the scanner sees something else.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of SEEN_TEXT) await db.schema.alterTable('approvals').addColumn(column, 'text').execute();
  await db.schema.alterTable('approvals').addColumn('seen_alive', 'integer').execute();
  await db.schema
    .createTable('approval_ignores')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('subnet_id', 'text', (c) => c.notNull().references('subnets.id').onDelete('cascade'))
    .addColumn('sort_key', 'text', (c) => c.notNull())
    .addColumn('ip_address', 'text', (c) => c.notNull())
    .addColumn('observation', 'text', (c) => c.notNull())
    .addColumn('ignored_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('approval_ignores_pk', ['subnet_id', 'sort_key'])
    .execute();
}

/** Drops the table and the columns. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('approval_ignores').execute();
  for (const column of [...SEEN_TEXT, 'seen_alive']) {
    await db.schema.alterTable('approvals').dropColumn(column).execute();
  }
}
