/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/**
 * SNMP targets stored per scanner (issue 33): the routers and switches whose neighbour tables the
 * agent reads. Host, port, version, v3 user and protocols are plain; the community or the v3
 * passwords are sealed with the server's secret key in `secrets_sealed` and go only to the agent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scanner_snmp_targets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('scanner_id', 'text', (c) => c.notNull().references('scanners.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text')
    .addColumn('auth_protocol', 'text')
    .addColumn('priv_protocol', 'text')
    .addColumn('timeout_ms', 'integer', (c) => c.notNull())
    .addColumn('retries', 'integer', (c) => c.notNull())
    .addColumn('secrets_sealed', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('scanner_snmp_targets_scanner_idx')
    .on('scanner_snmp_targets')
    .column('scanner_id')
    .execute();
}

/** Drops what `up` created. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scanner_snmp_targets').execute();
}
