/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/**
 * Two-factor sign-in (issue 34): a user's TOTP factor (its secret encrypted, confirmed once the user
 * typed a code, the last time step accepted so no code works twice), their recovery codes (hashes,
 * used ones marked), sign-ins waiting for their second factor (token hashes, short-lived), and the
 * owner's "every member needs a second factor" switch on the account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_totp')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_time_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').column('user_id').execute();
  await db.schema
    .createTable('pending_logins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pending_logins_user_idx').on('pending_logins').column('user_id').execute();
  await db.schema
    .alterTable('accounts')
    .addColumn('require_second_factor', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}

/** Drops what `up` created. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('require_second_factor').execute();
  await db.schema.dropTable('pending_logins').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('user_totp').execute();
}
