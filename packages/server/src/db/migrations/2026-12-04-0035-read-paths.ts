/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/**
 * Indexes that keep the large account's reads short whatever the planner's statistics (issue 35):
 * - the leaves in name order end with the id, so a page walk ordered by (name_key, id) after a
 *   keyset position is read straight from the index (without it, PostgreSQL sorted the account's
 *   95,000 leaves for each page of 250 when its statistics were missing);
 * - every subnet (leaves and containers) in name order: a search for a text too short for a trigram
 *   looks at the first subnets by name only, not at all of them;
 * - subnets by account, version and first address, whatever their VRF: the subnets holding an
 *   address, and the leaves overlapping an address range, are a few index lookups across all VRFs;
 * - `ip_address_counts.pending`: each leaf's approval entries waiting, kept as they are added and
 *   removed, and a partial index ranking the leaves that have some by count then name: the
 *   dashboard reads its five subnets with the most from the first rows (it grouped every waiting
 *   entry and joined every subnet to rank them). Filled here from the entries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('subnets_account_kind_name_id_idx')
    .on('subnets')
    .columns(['account_id', 'kind', 'name_key', 'id'])
    .execute();
  await db.schema.dropIndex('subnets_account_kind_name_key_idx').execute();
  await db.schema
    .createIndex('subnets_account_name_id_idx')
    .on('subnets')
    .columns(['account_id', 'name_key', 'id'])
    .execute();
  await db.schema
    .createIndex('subnets_account_version_key_idx')
    .on('subnets')
    .columns(['account_id', 'version', 'first_key'])
    .execute();
  await sql`alter table ip_address_counts add column pending integer not null default 0`.execute(db);
  await sql`update ip_address_counts
    set pending = (select count(*) from approvals where approvals.subnet_id = ip_address_counts.subnet_id)
    where exists (select 1 from approvals where approvals.subnet_id = ip_address_counts.subnet_id)`.execute(
    db,
  );
  await sql`create index ip_address_counts_pending_idx
    on ip_address_counts (account_id, pending desc, name_key, subnet_id) where pending > 0`.execute(db);
}

/** Drops the count and the indexes, and puts the name index back as it was. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ip_address_counts_pending_idx').execute();
  await db.schema.alterTable('ip_address_counts').dropColumn('pending').execute();
  await db.schema.dropIndex('subnets_account_version_key_idx').execute();
  await db.schema.dropIndex('subnets_account_name_id_idx').execute();
  await db.schema
    .createIndex('subnets_account_kind_name_key_idx')
    .on('subnets')
    .columns(['account_id', 'kind', 'name_key'])
    .execute();
  await db.schema.dropIndex('subnets_account_kind_name_id_idx').execute();
}
