/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/**
 * Roles per account (issue 34): each link of a user to an account gets a role (owner, admin, editor,
 * viewer); existing members become editors and each account's holder (`accounts.uid`) its owner. An
 * editor may be limited to chosen groups (one row per group; no row: every group). An invite carries
 * the role its user will get (existing ones: editor, what they were promised until now).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users_accounts')
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('editor'))
    .execute();
  await sql`update users_accounts set role = 'owner'
    where exists (select 1 from accounts
      where accounts.id = users_accounts.account_id and accounts.uid = users_accounts.user_id)`.execute(db);
  await db.schema
    .alterTable('pending_invites')
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('editor'))
    .execute();
  await db.schema
    .createTable('member_group_limits')
    .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (col) => col.notNull().references('groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('member_group_limits_pk', ['account_id', 'user_id', 'group_id'])
    .execute();
}

/** Drops the limits and both role columns. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('member_group_limits').execute();
  await db.schema.alterTable('pending_invites').dropColumn('role').execute();
  await db.schema.alterTable('users_accounts').dropColumn('role').execute();
}
