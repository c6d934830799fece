import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { openDatabase, type Db, type DatabaseTarget } from '../src/db/database.js';
import { migrateToLatest, migrateUpTo } from '../src/db/migrate.js';
import { testPostgresUrl, type Dialect } from './global-setup.js';

export { testPostgresUrl, type Dialect };

/** Both engines, always: a dialect that cannot run here is reported as skipped or failed, never left out. */
export const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];

const plans = inject('dialectPlans');
if (!plans) throw new Error('dialectPlans not provided: run the tests through the root vitest.config.ts');

/**
 * `describe` for one dialect's block: skipped, and counted as skipped, when that engine does not run
 * here; when it is required but unreachable, the block is one failing test saying why.
 */
export function describeOn(dialect: Dialect): (name: string, body: () => void) => void {
  const plan = plans[dialect];
  if (plan.kind === 'fail') {
    return (name) =>
      describe(name, () => {
        it(`needs ${dialect}`, () => {
          throw new Error(plan.reason);
        });
      });
  }
  return describe.skipIf(plan.kind === 'skip');
}

/** `describe.each(DIALECTS)` with `%s` for the dialect, each block skipped like `describeOn`. */
export function describeEachDialect(name: string, body: (dialect: Dialect) => void): void {
  for (const dialect of DIALECTS) describeOn(dialect)(name.replace('%s', dialect), () => body(dialect));
}

/** A migrated, empty database of one dialect, and how to throw it away. */
export interface TestDatabase {
  dialect: Dialect;
  db: Db;
  target: DatabaseTarget;
  /** The data folder (the SQLite file lives there; also usable for other files of the test). */
  dataDir: string;
  destroy(): Promise<void>;
}

/**
 * Creates a fresh database: a temp-folder SQLite file, or a new `ipam_t_<random>` PostgreSQL database,
 * migrated to the latest migration or, with `upTo`, to that one (a test of a later migration's upgrade).
 */
export async function createTestDatabase(
  dialect: Dialect,
  options: { upTo?: string } = {},
): Promise<TestDatabase> {
  const plan = plans[dialect];
  if (plan.kind !== 'run') {
    throw new Error(
      `${dialect} does not run here (${plan.reason}); register the block with describeOn(dialect)`,
    );
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ipam-test-'));
  const name = `ipam_t_${randomBytes(6).toString('hex')}`;
  let target: DatabaseTarget = { kind: 'sqlite', file: join(dataDir, 'ipam.sqlite') };
  if (dialect === 'postgres') {
    await adminQuery(`create database ${name}`);
    const url = new URL(testPostgresUrl);
    url.pathname = `/${name}`;
    target = { kind: 'postgres', url: url.toString() };
  }
  const db = openDatabase(target);
  const destroy = async () => {
    await db.destroy();
    if (dialect === 'postgres') await dropTestDatabase(name);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (options.upTo === undefined) await migrateToLatest(db);
    else await migrateUpTo(db, options.upTo);
  } catch (error) {
    await destroy();
    throw error;
  }
  return { dialect, db, target, dataDir, destroy };
}

/**
 * Drops a test database once nothing is connected to it. Ending a pool does not wait for its
 * clients' goodbyes, so first wait until the server has seen every session of ours leave; a forced
 * drop here would kill them mid-goodbye and their 57P01 errors would surface as unhandled. A plain
 * DROP then fails on a session that never left (a client the test did not close): the database is
 * dropped WITH (FORCE) so none is left behind, and the leak fails the test, naming the sessions.
 */
async function dropTestDatabase(name: string): Promise<void> {
  await withAdminClient(async (admin) => {
    const deadline = Date.now() + 5000;
    while ((await sessionsOf(admin, name)).length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    try {
      await admin.query(`drop database if exists ${name}`);
    } catch (error) {
      if (!(error instanceof pg.DatabaseError) || error.code !== '55006') throw error;
      const sessions = await sessionsOf(admin, name);
      await admin.query(`drop database if exists ${name} with (force)`);
      throw new Error(`test database ${name} still in use after its test closed it: ${sessions.join('; ')}`);
    }
  });
}

/** The client sessions connected to a database: application name, state and query of each. */
async function sessionsOf(admin: pg.Client, name: string): Promise<string[]> {
  const { rows } = await admin.query<{ who: string }>(
    `select coalesce(nullif(application_name, ''), 'unnamed') || ' (' || coalesce(state, '?') || '): ' ||
       left(query, 80) as who
     from pg_stat_activity where datname = $1 and backend_type = 'client backend'`,
    [name],
  );
  return rows.map((row) => row.who);
}

async function adminQuery(statement: string): Promise<void> {
  await withAdminClient(async (admin) => {
    await admin.query(statement);
  });
}

async function withAdminClient(use: (admin: pg.Client) => Promise<void>): Promise<void> {
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  try {
    await use(admin);
  } finally {
    await admin.end();
  }
}

/** Registers beforeAll/afterAll creating one fresh database for the enclosing describe block. */
export function useTestDatabase(dialect: Dialect): { readonly current: TestDatabase } {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.destroy();
  });
  return {
    get current() {
      if (!database) throw new Error('test database not ready (use it inside a test)');
      return database;
    },
  };
}
