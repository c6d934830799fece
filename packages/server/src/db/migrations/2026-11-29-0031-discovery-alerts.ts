/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/**
 * Discovery alerts (issue 33): the account's alerts (a new host, another MAC, an address gone stale),
 * each address's "stale alerted" marker (the last-seen time its went-stale alert was written for, so
 * the alert is written once per sighting, and a new sighting re-arms it), an index that finds an
 * address's sightings by subnet and time, and who asked for the daily e-mail of alerts, with the time up
 * to which their alerts have been mailed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('subnet_id', 'text', (c) => c.notNull().references('subnets.id').onDelete('cascade'))
    .addColumn('ip_address', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('details_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('alerts_account_created_idx')
    .on('alerts')
    .columns(['account_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('alerts_subnet_idx').on('alerts').column('subnet_id').execute();
  await db.schema.alterTable('ip_addresses').addColumn('stale_alerted_for', 'text').execute();
  await db.schema
    .createIndex('ip_addresses_subnet_last_seen_idx')
    .on('ip_addresses')
    .columns(['subnet_id', 'last_seen'])
    .execute();
  await db.schema
    .createTable('alert_digests')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('covered_until', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

/** Undoes `up`. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alert_digests').execute();
  await db.schema.dropIndex('ip_addresses_subnet_last_seen_idx').execute();
  await db.schema.alterTable('ip_addresses').dropColumn('stale_alerted_for').execute();
  await db.schema.dropTable('alerts').execute();
}
