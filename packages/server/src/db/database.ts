import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { namedStatementPool } from './postgres-pool.js';
import {
  configureReader,
  RoutedSqliteDialect,
  TransactionalDdlSqliteDialect,
  type ConnectionUse,
} from './sqlite-dialect.js';
import { withStatementCache } from './statement-cache.js';

/** The application database handle (a transaction is one too). */
export type Db = Kysely<Database>;

/** Where the database lives: a SQLite file or a PostgreSQL connection string. */
export type DatabaseTarget =
  { kind: 'sqlite'; file: string; synchronous?: 'full' | 'normal' } | { kind: 'postgres'; url: string };

/** How each handle opened here counts its connections (a WeakMap: a destroyed handle is forgotten). */
const connectionCounts = new WeakMap<Db, () => ConnectionUse>();

/**
 * The connections of a handle opened by `openDatabase`: PostgreSQL's pool, or SQLite's write and read
 * connections (RoutedSqliteDialect.connectionUse); null for an in-memory database or a transaction.
 */
export function connectionUseOf(db: Db): ConnectionUse | null {
  return connectionCounts.get(db)?.() ?? null;
}

/** The SQLite file inside a data folder. */
export function sqliteFileIn(dataDir: string): string {
  return join(dataDir, 'ipam.sqlite');
}

/** The database target from the configuration: DATABASE_URL wins, else SQLite in the data folder. */
export function databaseTarget(config: {
  databaseUrl: string | null;
  dataDir: string;
  sqliteSynchronous?: 'full' | 'normal';
}): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'sqlite', file: sqliteFileIn(config.dataDir), synchronous: config.sqliteSynchronous ?? 'full' };
}

/** Opens the database: SQLite with WAL, foreign keys and a busy timeout, or a PostgreSQL pool. */
export function openDatabase(target: DatabaseTarget): Db {
  if (target.kind === 'postgres') {
    // JIT compiling is off for the server's own connections: its statements take milliseconds, and
    // compiling one that PostgreSQL costs high (a search over thousands of rows) took 20 ms more.
    const pool = new pg.Pool({ connectionString: target.url, max: 10, options: '-c jit=off' });
    // An idle connection the server ends (restart, admin terminate) leaves the pool, which opens
    // another on demand; unheard, its 'error' event would crash the process.
    pool.on('error', (error) => process.stderr.write(`database: idle connection lost: ${error.message}\n`));
    // A connection lost while checked out (a query or transaction under way) emits 'error' on its client,
    // which the pool no longer listens to: unheard, it too would crash the process. The query in
    // flight rejects with the same error, and its caller answers for it.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namedStatementPool(pool) }) });
    connectionCounts.set(db, () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }));
    return db;
  }
  if (target.file !== ':memory:') mkdirSync(join(target.file, '..'), { recursive: true });
  const sqlite = new SqliteDatabase(target.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Another process (the `ipam admin` command, a backup) may hold the write lock for a moment.
  sqlite.pragma('busy_timeout = 5000');
  // FULL syncs the WAL at every commit, so a power cut loses nothing acknowledged; NORMAL (the
  // operator's trade, SQLITE_SYNCHRONOUS=normal) survives a process crash but may lose the last commits.
  sqlite.pragma(target.synchronous === 'normal' ? 'synchronous = NORMAL' : 'synchronous = FULL');
  if (target.file === ':memory:') {
    return new Kysely<Database>({
      dialect: new TransactionalDdlSqliteDialect({ database: withStatementCache(sqlite) }),
    });
  }
  // A second connection for reads: WAL lets it read the last commit while a write transaction runs.
  const reader = new SqliteDatabase(target.file);
  configureReader(reader);
  const dialect = new RoutedSqliteDialect(withStatementCache(sqlite), withStatementCache(reader));
  const db = new Kysely<Database>({ dialect });
  connectionCounts.set(db, () => dialect.connectionUse());
  return db;
}

/** Whether the handle talks to PostgreSQL (row locks, error codes and count types differ). */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
