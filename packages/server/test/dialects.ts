import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Db, type DatabaseTarget } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

/** The two engines every repository and route test runs on (Kysely's DIALECTS loop). */
export type Dialect = 'sqlite' | 'postgres';

/** The PostgreSQL server tests use; each test file gets its own fresh database on it. */
export const testPostgresUrl =
  process.env.IPAM_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresSkipReason(): Promise<string | null> {
  const client = new pg.Client({ connectionString: testPostgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const requested = process.env.IPAM_TEST_DIALECTS?.split(',').map((d) => d.trim());
const wantsPostgres = requested?.includes('postgres') ?? true;
const skipReason = wantsPostgres ? await postgresSkipReason() : null;
if (skipReason !== null) {
  console.warn(`PostgreSQL tests skipped: ${testPostgresUrl} is unreachable (${skipReason})`);
}

/** Dialects to run: SQLite always, PostgreSQL when reachable (IPAM_TEST_DIALECTS narrows the list). */
export const DIALECTS: readonly Dialect[] = (['sqlite', 'postgres'] as const).filter(
  (d) => (requested?.includes(d) ?? true) && (d === 'sqlite' || skipReason === null),
);

/** A migrated, empty database of one dialect, and how to throw it away. */
export interface TestDatabase {
  dialect: Dialect;
  db: Db;
  target: DatabaseTarget;
  /** The data folder (the SQLite file lives there; also usable for other files of the test). */
  dataDir: string;
  destroy(): Promise<void>;
}

/** Creates a fresh database: a temp-folder SQLite file, or a new `ipam_t_<random>` PostgreSQL database. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ipam-test-'));
  if (dialect === 'sqlite') {
    const target: DatabaseTarget = { kind: 'sqlite', file: join(dataDir, 'ipam.sqlite') };
    const db = openDatabase(target);
    await migrateToLatest(db);
    return {
      dialect,
      db,
      target,
      dataDir,
      async destroy() {
        await db.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `ipam_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(testPostgresUrl);
  url.pathname = `/${name}`;
  const target: DatabaseTarget = { kind: 'postgres', url: url.toString() };
  const db = openDatabase(target);
  await migrateToLatest(db);
  return {
    dialect,
    db,
    target,
    dataDir,
    async destroy() {
      await db.destroy();
      await adminQuery(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testPostgresUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
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
