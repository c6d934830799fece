/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/**
 * Saved calculator results per account (tools spec §3: ipv4calc_subnets and ipv6calc_subnets in one
 * table with a type column). `seq` numbers an account's saves in order, so "newest first" holds even
 * for two saves in the same millisecond.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calculations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('ip_address', 'text', (c) => c.notNull())
    .addColumn('subnet_mask', 'text')
    .addColumn('prefix_length', 'text')
    .addColumn('cidr', 'integer', (c) => c.notNull())
    .addColumn('result_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addUniqueConstraint('calculations_account_seq_uq', ['account_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('calculations_account_type_seq_idx')
    .on('calculations')
    .columns(['account_id', 'type', 'seq'])
    .execute();
}

/** Drops the table `up` created. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calculations').execute();
}
