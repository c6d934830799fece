/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/**
 * Groups, subnets, written IP addresses (sparse: a row only for an address ever written),
 * approval entries, and a subnet column on the audit log so a subnet's history pages by index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Fixed-width lowercase hex keys sort numerically only under byte order ("C") on PostgreSQL.
  const byteOrder = isPostgres ? sql`collate "C"` : sql``;

  await db.schema
    .createTable('groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (c) => c.references('groups.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_date', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema
    .createIndex('groups_account_name_idx')
    .on('groups')
    .columns(['account_id', 'name'])
    .execute();
  await db.schema.createIndex('groups_parent_idx').on('groups').column('parent_id').execute();

  await db.schema
    .createTable('subnets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('vlan_id', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('network_ip', 'text', (c) => c.notNull())
    .addColumn('prefix_length', 'integer', (c) => c.notNull())
    .addColumn('first_key', 'text', (c) => c.notNull().modifyEnd(byteOrder))
    .addColumn('last_key', 'text', (c) => c.notNull().modifyEnd(byteOrder))
    .addColumn('scanning_type', 'text', (c) => c.notNull())
    .addColumn('scan_frequency', 'integer')
    .addColumn('last_scanned', 'text')
    .addColumn('scan_now', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_date', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema
    .createIndex('subnets_account_version_key_idx')
    .on('subnets')
    .columns(['account_id', 'version', 'first_key'])
    .execute();
  await db.schema.createIndex('subnets_group_idx').on('subnets').column('group_id').execute();

  await db.schema
    .createTable('ip_addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('subnet_id', 'text', (c) => c.notNull().references('subnets.id'))
    .addColumn('ip_address', 'text', (c) => c.notNull())
    .addColumn('sort_key', 'text', (c) => c.notNull().modifyEnd(byteOrder))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('hostname', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // Lower-cased copies for the case-insensitive search: the same folding (JavaScript's, Unicode) on
    // both engines, where SQLite's LIKE and lower() fold ASCII only.
    .addColumn('hostname_folded', 'text', (c) => c.notNull())
    .addColumn('description_folded', 'text', (c) => c.notNull())
    .addColumn('allow_scanner_update', 'integer', (c) => c.notNull())
    .addColumn('updated_date', 'text')
    .addColumn('updated_by', 'text')
    .addUniqueConstraint('ip_addresses_subnet_key_uq', ['subnet_id', 'sort_key'])
    .execute();
  await db.schema
    .createIndex('ip_addresses_subnet_status_key_idx')
    .on('ip_addresses')
    .columns(['subnet_id', 'status', 'sort_key'])
    .execute();
  // Written addresses per status and subnet, kept by every address write, so a page's used percentage
  // and its filter totals cost one row read however many addresses are written.
  await db.schema
    .createTable('ip_address_counts')
    .addColumn('subnet_id', 'text', (c) => c.primaryKey().references('subnets.id').onDelete('cascade'))
    .addColumn('in_use', 'integer', (c) => c.notNull())
    .addColumn('reserved', 'integer', (c) => c.notNull())
    .addColumn('available', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('approvals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('subnet_id', 'text', (c) => c.notNull().references('subnets.id'))
    .addColumn('ip_address', 'text', (c) => c.notNull())
    .addColumn('sort_key', 'text', (c) => c.notNull().modifyEnd(byteOrder))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('hostname', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // One pending entry per address: a rescan replaces it.
    .addUniqueConstraint('approvals_subnet_key_uq', ['subnet_id', 'sort_key'])
    .execute();

  await db.schema.alterTable('audit_log').addColumn('subnet_id', 'text').execute();
  await db.schema
    .createIndex('audit_log_account_subnet_at_idx')
    .on('audit_log')
    .columns(['account_id', 'subnet_id', 'at'])
    .execute();
}

/** Drops everything `up` created, children first. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_log_account_subnet_at_idx').execute();
  await db.schema.alterTable('audit_log').dropColumn('subnet_id').execute();
  for (const table of ['approvals', 'ip_address_counts', 'ip_addresses', 'subnets', 'groups']) {
    await db.schema.dropTable(table).execute();
  }
}
