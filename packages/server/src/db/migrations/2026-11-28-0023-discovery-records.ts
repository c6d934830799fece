/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/** The list item's new properties, all null for a row no scanner has seen, as the serialiser writes them. */
const ITEM_TAIL = ',"mac":null,"firstSeen":null,"lastSeen":null,"lastSeenBy":null}';

/**
 * Discovery records (issue 33): per address its MAC, first and last time a scanner found it alive and
 * which scanner did; per subnet the runs of its scans. The stored list items (`item_json`) gain the four
 * properties, appended as the response serialiser appends them (they are the schema's last), so the
 * stored text stays byte for byte what the code would write.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['mac', 'first_seen', 'last_seen', 'last_seen_by']) {
    await db.schema.alterTable('ip_addresses').addColumn(column, 'text').execute();
  }
  await sql`update ip_addresses
    set item_json = substr(item_json, 1, length(item_json) - 1) || ${ITEM_TAIL}`.execute(db);
  await db.schema
    .createTable('scan_runs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('subnet_id', 'text', (col) => col.notNull().references('subnets.id').onDelete('cascade'))
    .addColumn('scanner_id', 'text')
    .addColumn('scanner_name', 'text', (col) => col.notNull())
    .addColumn('scanning_type', 'text', (col) => col.notNull())
    .addColumn('methods', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text', (col) => col.notNull())
    .addColumn('hosts', 'integer', (col) => col.notNull())
    .addColumn('alive', 'integer', (col) => col.notNull())
    .addColumn('applied', 'integer', (col) => col.notNull())
    .addColumn('approvals', 'integer', (col) => col.notNull())
    .addColumn('is_done', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('scan_runs_subnet_started_idx')
    .on('scan_runs')
    .columns(['subnet_id', 'started_at'])
    .execute();
}

/** Drops the table and the columns, and the items' tail. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scan_runs').execute();
  await sql`update ip_addresses
    set item_json = substr(item_json, 1, length(item_json) - ${ITEM_TAIL.length}) || '}'`.execute(db);
  for (const column of ['mac', 'first_seen', 'last_seen', 'last_seen_by']) {
    await db.schema.alterTable('ip_addresses').dropColumn(column).execute();
  }
}
