/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/**
 * The network planner (PL-1 … PL-3): plans per account, their planned subnets (a tree through
 * parent_id; deleting a plan or a parent takes its subnets along) and each plan's change history.
 * Derived subnet fields (details, level, children, validation results) are computed, not stored.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Fixed-width lowercase hex keys sort numerically only under byte order ("C") on PostgreSQL.
  const byteOrder = isPostgres ? sql`collate "C"` : sql``;

  await db.schema
    .createTable('network_plans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('tags_json', 'text', (c) => c.notNull())
    .addColumn('settings_json', 'text', (c) => c.notNull())
    .addColumn('is_template', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('plan_validation_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('network_plans_account_updated_idx')
    .on('network_plans')
    .columns(['account_id', 'updated_at'])
    .execute();

  await db.schema
    .createTable('plan_subnets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('plan_id', 'text', (c) => c.notNull().references('network_plans.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (c) => c.references('plan_subnets.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('ip_version', 'integer', (c) => c.notNull())
    .addColumn('network_address', 'text', (c) => c.notNull())
    .addColumn('network_key', 'text', (c) => c.notNull().modifyEnd(byteOrder))
    .addColumn('cidr', 'integer', (c) => c.notNull())
    .addColumn('vlan_id', 'integer')
    .addColumn('vlan_name', 'text')
    .addColumn('vlan_description', 'text')
    .addColumn('reserved_json', 'text', (c) => c.notNull())
    .addColumn('current_hosts', 'integer', (c) => c.notNull())
    .addColumn('planned_growth', 'double precision', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('plan_subnets_plan_key_idx')
    .on('plan_subnets')
    .columns(['plan_id', 'ip_version', 'network_key', 'cidr'])
    .execute();
  await db.schema.createIndex('plan_subnets_parent_idx').on('plan_subnets').column('parent_id').execute();

  await db.schema
    .createTable('plan_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('plan_id', 'text', (c) => c.notNull().references('network_plans.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('old_value_json', 'text')
    .addColumn('new_value_json', 'text')
    .addColumn('affected_json', 'text', (c) => c.notNull())
    .addUniqueConstraint('plan_changes_plan_seq_uq', ['plan_id', 'seq'])
    .execute();
}

/** Drops the tables `up` created. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('plan_changes').execute();
  await db.schema.dropTable('plan_subnets').execute();
  await db.schema.dropTable('network_plans').execute();
}
