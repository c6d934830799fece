/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

const BATCH = 500;

/**
 * VRFs and nested prefixes (issue 30). Every account gets its default VRF "Global" and its subnets
 * move into it. A subnet is a leaf (addresses) or a container (subnets); `parent_id` is derived from
 * the addresses (the smallest container of the same VRF and version holding it) and written by the
 * server on every change. Overlap checks now look within a VRF, so the key index gains `vrf_id`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('vrfs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rd', 'text')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_date', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema
    .createIndex('vrfs_account_name_idx')
    .on('vrfs')
    .columns(['account_id', 'name'])
    .unique()
    .execute();

  const now = new Date().toISOString();
  const accounts = await db.selectFrom('accounts').select('id').execute();
  for (let at = 0; at < accounts.length; at += BATCH) {
    const rows = accounts.slice(at, at + BATCH).map((account: { id: string }) => ({
      id: randomUUID(),
      account_id: account.id,
      name: 'Global',
      rd: null,
      description: '',
      is_default: 1,
      created_at: now,
      updated_date: now,
      updated_by: null,
    }));
    await db.insertInto('vrfs').values(rows).execute();
  }

  await db.schema
    .alterTable('subnets')
    .addColumn('vrf_id', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('subnets')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('leaf'))
    .execute();
  await db.schema.alterTable('subnets').addColumn('parent_id', 'text').execute();
  await sql`update subnets set vrf_id = (select v.id from vrfs v where v.account_id = subnets.account_id and v.is_default = 1)`.execute(
    db,
  );
  await db.schema.dropIndex('subnets_account_version_key_idx').execute();
  await db.schema
    .createIndex('subnets_account_vrf_version_key_idx')
    .on('subnets')
    .columns(['account_id', 'vrf_id', 'version', 'first_key'])
    .execute();
  await db.schema
    .createIndex('subnets_parent_idx')
    .on('subnets')
    .columns(['account_id', 'parent_id'])
    .execute();
}

/** Undoes `up`. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('subnets_parent_idx').execute();
  await db.schema.dropIndex('subnets_account_vrf_version_key_idx').execute();
  await db.schema
    .createIndex('subnets_account_version_key_idx')
    .on('subnets')
    .columns(['account_id', 'version', 'first_key'])
    .execute();
  await db.schema.alterTable('subnets').dropColumn('parent_id').execute();
  await db.schema.alterTable('subnets').dropColumn('kind').execute();
  await db.schema.alterTable('subnets').dropColumn('vrf_id').execute();
  await db.schema.dropTable('vrfs').execute();
}
