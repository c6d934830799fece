/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/**
 * How many subnets each account holds, kept with the account (issue 30): the subnet limit is checked
 * on every create, and counting 100,000 rows each time cost more than the create itself. The one
 * insert and the one delete of a subnet keep it, under the account's lock.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('subnet_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update accounts set subnet_count = (select count(*) from subnets s where s.account_id = accounts.id)`.execute(
    db,
  );
}

/** Undoes `up`. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('subnet_count').execute();
}
