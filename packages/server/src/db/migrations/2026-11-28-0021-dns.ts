/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/**
 * DNS sync (issue 32): an account's DNS providers (PowerDNS HTTP API or RFC 2136 + TSIG; the secret is
 * write-only for the API), and the DNS settings of a subnet or a group (provider, forward zone, and a
 * reverse zone that is derived from the subnet when null).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dns_providers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('tsig_key_name', 'text')
    .addColumn('tsig_algorithm', 'text')
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dns_providers_account_name')
    .on('dns_providers')
    .columns(['account_id', 'name'])
    .unique()
    .execute();
  await db.schema
    .createTable('dns_settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('subnet_id', 'text', (c) => c.references('subnets.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.references('groups.id').onDelete('cascade'))
    .addColumn('provider_id', 'text', (c) => c.notNull().references('dns_providers.id'))
    .addColumn('forward_zone', 'text', (c) => c.notNull())
    .addColumn('reverse_zone', 'text')
    .addColumn('updated_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dns_settings_subnet')
    .on('dns_settings')
    .column('subnet_id')
    .unique()
    .execute();
  await db.schema.createIndex('dns_settings_group').on('dns_settings').column('group_id').unique().execute();
  await db.schema.createIndex('dns_settings_provider').on('dns_settings').column('provider_id').execute();
}

/** Undoes `up`. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dns_settings').execute();
  await db.schema.dropTable('dns_providers').execute();
}
