import { sql, type Migration } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/dialects.js';
import type { Db } from './database.js';
import { allMigrationNames, migrateToLatest } from './migrate.js';
import { migrations } from './migrations/all-migrations.js';

/** Where the test database stops before the run that fails: the migrations after it are pending. */
const appliedBefore = '2026-11-28-0023-discovery-records';

/** A migration that writes (a table, a row in it) and then fails on a real database error. */
const failing: Migration = {
  async up(db) {
    await db.schema
      .createTable('half_done')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .execute();
    await sql`insert into half_done (id) values ('written')`.execute(db);
    // The column exists since the first migrations: the engine refuses this statement.
    await sql`alter table ip_addresses add column hostname text`.execute(db);
  },
};
const failingName = '2099-01-01-0001-fails-halfway';

/** The tables and their columns, as the engine reports them (Kysely's own tables included). */
async function schemaOf(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  return tables
    .map((table) => `${table.name}(${table.columns.map((column) => column.name).join(',')})`)
    .sort();
}

async function appliedNames(db: Db): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.rows.map((row) => row.name).sort();
}

describeEachDialect('a migration that fails on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it('leaves the database as it was: no table, no record of the run, earlier data intact', async () => {
    database = await createTestDatabase(dialect, { upTo: appliedBefore });
    const { db } = database;
    const at = '2026-01-01T00:00:00.000Z';
    await sql`insert into users (id, email, password_hash, created_at)
      values ('user-1', 'kept@example.com', 'x', ${at})`.execute(db);
    const schemaBefore = await schemaOf(db);
    const appliedBeforeRun = await appliedNames(db);
    expect(appliedBeforeRun.at(-1)).toBe(appliedBefore);

    // The real pending migrations (0024 on) run first in the same run, then the failing one.
    await expect(migrateToLatest(db, { ...migrations, [failingName]: failing })).rejects.toThrow(
      `migration ${failingName} failed, so this run applied none`,
    );

    expect(await schemaOf(db)).toEqual(schemaBefore);
    expect(schemaBefore.some((table) => table.startsWith('half_done('))).toBe(false);
    expect(await appliedNames(db)).toEqual(appliedBeforeRun);
    const users = await sql<{ email: string }>`select email from users`.execute(db);
    expect(users.rows).toEqual([{ email: 'kept@example.com' }]);

    // The database is still good for the real migrations, which then all apply.
    const applied = await migrateToLatest(db);
    expect(applied).toEqual(allMigrationNames().filter((name) => name > appliedBefore));
    expect(await appliedNames(db)).toEqual(allMigrationNames());
  });
});
