/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/**
 * Indexes for the History screen and the Dashboard: the audit log of one person (newest first, paged
 * by time and id), one subnet's history paged the same way, and the pending approval entries of an
 * account counted per subnet.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('audit_log_account_user_at_idx')
    .on('audit_log')
    .columns(['account_id', 'user_id', 'at', 'id'])
    .execute();
  await db.schema.dropIndex('audit_log_account_subnet_at_idx').execute();
  await db.schema
    .createIndex('audit_log_account_subnet_at_idx')
    .on('audit_log')
    .columns(['account_id', 'subnet_id', 'at', 'id'])
    .execute();
  await db.schema
    .createIndex('approvals_account_subnet_idx')
    .on('approvals')
    .columns(['account_id', 'subnet_id'])
    .execute();
}

/** Drops what `up` created and restores the subnet index as it was. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('approvals_account_subnet_idx').execute();
  await db.schema.dropIndex('audit_log_account_subnet_at_idx').execute();
  await db.schema
    .createIndex('audit_log_account_subnet_at_idx')
    .on('audit_log')
    .columns(['account_id', 'subnet_id', 'at'])
    .execute();
  await db.schema.dropIndex('audit_log_account_user_at_idx').execute();
}
