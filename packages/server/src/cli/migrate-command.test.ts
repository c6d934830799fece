import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuilt, runIpam, serverEnv } from '../../test/built-server.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/dialects.js';
import type { Db } from '../db/database.js';
import { allMigrationNames } from '../db/migrate.js';

beforeAll(() => {
  expect(ensureServerBuilt()).toBe(true);
}, 180_000);

/** Where the test database stops: the migrations after it are pending. */
const appliedBefore = '2026-11-28-0023-discovery-records';

async function appliedNames(db: Db): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.rows.map((row) => row.name).sort();
}

async function tableNames(db: Db): Promise<string[]> {
  return (await db.introspection.getTables()).map((table) => table.name).sort();
}

/** The environment that points `ipam` at the test database. */
function envFor(database: TestDatabase): NodeJS.ProcessEnv {
  return serverEnv(
    database.target.kind === 'postgres'
      ? { DATABASE_URL: database.target.url }
      : { IPAM_DATA_DIR: database.dataDir },
  );
}

describeEachDialect('ipam migrate --dry-run on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it('lists the pending migrations in order and changes nothing; then says there are none', async () => {
    database = await createTestDatabase(dialect, { upTo: appliedBefore });
    const { db } = database;
    const pending = allMigrationNames().filter((name) => name > appliedBefore);
    expect(pending.length).toBeGreaterThan(3);
    const appliedAtStart = await appliedNames(db);
    const tablesAtStart = await tableNames(db);

    const dryRun = await runIpam(['migrate', '--dry-run'], envFor(database));
    expect(dryRun.stderr).toBe('');
    expect(dryRun.status).toBe(0);
    expect(dryRun.stdout).toBe(pending.map((name) => `would apply ${name}\n`).join(''));
    expect(await appliedNames(db)).toEqual(appliedAtStart);
    expect(await tableNames(db)).toEqual(tablesAtStart);

    const migrate = await runIpam(['migrate'], envFor(database));
    expect(migrate.status).toBe(0);
    expect(migrate.stdout).toBe(pending.map((name) => `applied ${name}\n`).join(''));

    const again = await runIpam(['migrate', '--dry-run'], envFor(database));
    expect(again.status).toBe(0);
    expect(again.stdout).toBe('database is up to date: no migration would run\n');
    expect(await appliedNames(db)).toEqual(allMigrationNames());
  });
});

describe('ipam migrate --dry-run without a database', () => {
  let emptyDir: string | undefined;
  afterEach(() => {
    if (emptyDir) rmSync(emptyDir, { recursive: true, force: true });
  });

  it('says a new SQLite database would get every migration, and creates no file', async () => {
    emptyDir = mkdtempSync(join(tmpdir(), 'ipam-dry-'));
    const file = join(emptyDir, 'ipam.sqlite');
    const run = await runIpam(['migrate', '--dry-run'], serverEnv({ IPAM_DATA_DIR: emptyDir }));
    expect(run.status).toBe(0);
    const [first, ...rest] = run.stdout.split('\n').filter((line) => line !== '');
    expect(first).toBe(`no database at ${file} yet; a new one would get every migration:`);
    expect(rest).toEqual(allMigrationNames().map((name) => `would apply ${name}`));
    expect(existsSync(file)).toBe(false);
  });

  it('refuses an argument it does not know, with the usage', async () => {
    const run = await runIpam(['migrate', '--dryrun'], serverEnv({}));
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("unknown argument '--dryrun'");
    expect(run.stderr).toContain('usage: ipam migrate [--dry-run]');
  });
});
