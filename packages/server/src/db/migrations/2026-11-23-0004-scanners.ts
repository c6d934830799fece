/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/**
 * Scanners (spec §3: id, name, description, apiKey, subnets, blockScanning). The key is stored only as
 * its SHA-256; `key_prefix` tells keys apart on screen. A scanner's subnets are a list of ids without a
 * foreign key, so an id whose subnet was deleted stays listed as "(Removed)" until cleaned (spec §4).
 * A subnet handed out as a job is leased (`scan_lease_until`) so no other call gets it meanwhile. The
 * audit log names non-user actors (a scanner) in `actor`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scanners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('block_scanning', 'integer', (c) => c.notNull())
    .addColumn('poll_interval_seconds', 'integer', (c) => c.notNull())
    .addColumn('last_seen_at', 'text')
    .addColumn('agent_version', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_date', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('scanners_account_idx').on('scanners').column('account_id').execute();
  await db.schema
    .createTable('scanner_subnets')
    .addColumn('scanner_id', 'text', (c) => c.notNull().references('scanners.id').onDelete('cascade'))
    .addColumn('subnet_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('scanner_subnets_pk', ['scanner_id', 'subnet_id'])
    .execute();
  await db.schema.alterTable('subnets').addColumn('scan_lease_until', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('actor', 'text').execute();
}

/** Drops what `up` created. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('actor').execute();
  await db.schema.alterTable('subnets').dropColumn('scan_lease_until').execute();
  await db.schema.dropTable('scanner_subnets').execute();
  await db.schema.dropTable('scanners').execute();
}
