/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/**
 * Single sign-on (issue 34): the link of a provider's subject to a local user (one per user and
 * provider), an account's own OpenID Connect provider (its client secret encrypted), and the owner's
 * switch that turns password sign-in off for the account's members.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('external_identities')
    .addColumn('provider_key', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'text')
    .addPrimaryKeyConstraint('external_identities_pk', ['provider_key', 'subject'])
    .execute();
  await db.schema
    .createIndex('external_identities_user_idx')
    .on('external_identities')
    .columns(['user_id', 'provider_key'])
    .unique()
    .execute();
  await db.schema
    .createTable('sso_providers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().unique().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('issuer_url', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret_sealed', 'text', (c) => c.notNull())
    .addColumn('groups_claim', 'text', (c) => c.notNull())
    .addColumn('role_rules_json', 'text', (c) => c.notNull())
    .addColumn('default_role', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('accounts')
    .addColumn('allow_password_sign_in', 'integer', (c) => c.notNull().defaultTo(sql`1`))
    .execute();
}

/** Drops what `up` created. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('allow_password_sign_in').execute();
  await db.schema.dropTable('sso_providers').execute();
  await db.schema.dropTable('external_identities').execute();
}
