/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/**
 * The dashboard's figures kept as counts change (issue 35: summing and ranking 95,000 leaves took
 * 0.3 s of PostgreSQL per dashboard):
 * - every leaf has its row of `ip_address_counts` from its creation (zeros until an address is
 *   written), which now also carries its subnet's account, version, prefix length and name sort key
 *   (the first three never change; the name key follows renames), and its share of usable addresses
 *   In Use or Reserved as a generated column, indexed per account by share then name: the fullest
 *   leaves are the first rows of that index;
 * - `leaf_use_totals`: per account, version and prefix length, how many leaves and their written
 *   addresses In Use and Reserved, summed: the address totals are at most 162 rows, whatever the
 *   account's size;
 * - a partial index on the subnets that mark stale addresses (few), so the dashboard finds them
 *   without reading every subnet.
 * The first two are filled here from the subnets and their kept counts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const keyType = isPostgres ? sql`text collate "C"` : sql`text`;
  await sql`alter table ip_address_counts add column account_id text not null default ''`.execute(db);
  await sql`alter table ip_address_counts add column version integer not null default 4`.execute(db);
  await sql`alter table ip_address_counts add column prefix_length integer not null default 32`.execute(db);
  await sql`alter table ip_address_counts add column name_key ${keyType} not null default ''`.execute(db);
  await sql`update ip_address_counts
    set account_id = subnets.account_id, version = subnets.version,
        prefix_length = subnets.prefix_length, name_key = subnets.name_key
    from subnets where subnets.id = ip_address_counts.subnet_id`.execute(db);
  // Containers hold no addresses: none should have a row; a stray one would rank as an empty leaf.
  await sql`delete from ip_address_counts
    where subnet_id in (select id from subnets where kind = 'container')`.execute(db);
  await sql`insert into ip_address_counts
      (subnet_id, in_use, reserved, available, account_id, version, prefix_length, name_key)
    select id, 0, 0, 0, account_id, version, prefix_length, name_key from subnets
    where kind = 'leaf' and not exists
      (select 1 from ip_address_counts where ip_address_counts.subnet_id = subnets.id)`.execute(db);
  // core's usableHostCount as a double: 2^(bits - length), less network and broadcast for IPv4
  // shorter than /31 (power of a double on both engines: a numeric would round an IPv6 share to 0).
  const share = sql`(in_use + reserved) / (case
      when version = 4 and prefix_length < 31 then power(cast(2 as double precision), 32 - prefix_length) - 2
      when version = 4 then power(cast(2 as double precision), 32 - prefix_length)
      else power(cast(2 as double precision), 128 - prefix_length)
    end)`;
  // PostgreSQL stores a generated column; SQLite adds only virtual ones to an existing table (both index them).
  const storage = isPostgres ? sql`stored` : sql`virtual`;
  await sql`alter table ip_address_counts
    add column share double precision generated always as (${share}) ${storage}`.execute(db);
  await sql`create index ip_address_counts_fullest_idx
    on ip_address_counts (account_id, share desc, name_key, subnet_id)`.execute(db);

  await db.schema
    .createTable('leaf_use_totals')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('prefix_length', 'integer', (c) => c.notNull())
    .addColumn('subnets', 'integer', (c) => c.notNull())
    .addColumn('in_use', 'integer', (c) => c.notNull())
    .addColumn('reserved', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('leaf_use_totals_pkey', ['account_id', 'version', 'prefix_length'])
    .execute();
  await sql`insert into leaf_use_totals (account_id, version, prefix_length, subnets, in_use, reserved)
    select account_id, version, prefix_length, count(*), sum(in_use), sum(reserved)
    from ip_address_counts group by account_id, version, prefix_length`.execute(db);
  await sql`create index subnets_stale_after_idx on subnets (account_id, stale_after_days)
    where stale_after_days is not null`.execute(db);
}

/** Drops the indexes, the totals and the columns. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('subnets_stale_after_idx').execute();
  await db.schema.dropTable('leaf_use_totals').execute();
  await db.schema.dropIndex('ip_address_counts_fullest_idx').execute();
  for (const column of ['share', 'name_key', 'prefix_length', 'version', 'account_id']) {
    await db.schema.alterTable('ip_address_counts').dropColumn(column).execute();
  }
}
