/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/** core's nameSortKey as it is at this migration: the lower-cased name, U+0001, the name. */
function nameKeyOf(name: string): string {
  return `${name.toLowerCase()}\u0001${name}`;
}

/** Rows filled per round trip. */
const ROWS_PER_READ = 1000;

/**
 * Subnets sortable and searchable by name in SQL (issue 35: an account of 100,000 subnets must not be
 * read whole to find its five fullest or to search it):
 * - `name_key`: the name's sort key, byte order on both engines (PostgreSQL's "C" collation, SQLite's
 *   BINARY), the same order as core's compareNames;
 * - `description_folded`: the lower-cased description, as the address table keeps its own;
 * - an index on (account_id, kind, name_key) for reading an account's subnets in name order.
 * Both columns are filled here from code (SQLite's lower() folds ASCII only).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const keyType = isPostgres ? sql`text collate "C"` : sql`text`;
  await sql`alter table subnets add column name_key ${keyType} not null default ''`.execute(db);
  await sql`alter table subnets add column description_folded text not null default ''`.execute(db);
  let after = '';
  for (;;) {
    const rows: { id: string; name: string; description: string }[] = await db
      .selectFrom('subnets')
      .select(['id', 'name', 'description'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(ROWS_PER_READ)
      .execute();
    for (const row of rows) {
      await db
        .updateTable('subnets')
        .set({ name_key: nameKeyOf(row.name), description_folded: row.description.toLowerCase() })
        .where('id', '=', row.id)
        .execute();
    }
    if (rows.length < ROWS_PER_READ) break;
    after = rows.at(-1)?.id ?? after;
  }
  await db.schema
    .createIndex('subnets_account_kind_name_key_idx')
    .on('subnets')
    .columns(['account_id', 'kind', 'name_key'])
    .execute();
}

/** Drops the index and the two columns. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('subnets_account_kind_name_key_idx').execute();
  await db.schema.alterTable('subnets').dropColumn('description_folded').execute();
  await db.schema.alterTable('subnets').dropColumn('name_key').execute();
}
