/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/**
 * Accounts and passwords (issue 17): password-reset tokens (stored as SHA-256 hashes only), the hash
 * of an invite's link token, the browser a session started in, and each user's chosen current account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();
  await db.schema.alterTable('pending_invites').addColumn('token_hash', 'text').execute();
  await db.schema
    .createIndex('pending_invites_token_idx')
    .on('pending_invites')
    .column('token_hash')
    .unique()
    .execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('users').addColumn('current_account_id', 'text').execute();
}

/** Undoes `up`. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('current_account_id').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema.dropIndex('pending_invites_token_idx').execute();
  await db.schema.alterTable('pending_invites').dropColumn('token_hash').execute();
  await db.schema.dropTable('password_resets').execute();
}
