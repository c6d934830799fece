/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/** Users, accounts, their links, sessions, pending invites, support messages and the audit log. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text')
    .addColumn('last_login', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('tier', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('maxusers', 'integer', (c) => c.notNull())
    .addColumn('maxnetworks', 'integer', (c) => c.notNull())
    .addColumn('sub_id', 'text')
    .addColumn('sub_status', 'text')
    .addColumn('sub_start', 'text')
    .addColumn('sub_end', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accounts_uid_idx').on('accounts').column('uid').execute();

  await db.schema
    .createTable('users_accounts')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('users_accounts_pk', ['user_id', 'account_id'])
    .execute();
  await db.schema
    .createIndex('users_accounts_account_idx')
    .on('users_accounts')
    .column('account_id')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('pending_invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('invited_at', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addUniqueConstraint('pending_invites_account_email_uq', ['account_id', 'email'])
    .execute();
  await db.schema.createIndex('pending_invites_email_idx').on('pending_invites').column('email').execute();

  await db.schema
    .createTable('support_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .execute();
  await db.schema
    .createIndex('audit_log_account_at_idx')
    .on('audit_log')
    .columns(['account_id', 'at'])
    .execute();
}

/** Drops everything `up` created, children first. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'audit_log',
    'support_messages',
    'pending_invites',
    'sessions',
    'users_accounts',
    'accounts',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
