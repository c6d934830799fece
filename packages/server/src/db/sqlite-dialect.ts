import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteDialect,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type SqliteDatabase,
} from 'kysely';

/**
 * Kysely's SQLite adapter with transactional DDL: SQLite rolls back CREATE, ALTER and DROP like any
 * other statement, but Kysely's adapter says it cannot, so its Migrator ran each migration's statements
 * one by one and a failure halfway left half a migration applied. Saying yes makes the Migrator run the
 * pending migrations in one transaction, as on PostgreSQL. Safe because no migration runs a statement
 * SQLite refuses or ignores inside a transaction (VACUUM, journal_mode, or foreign_keys, which is a
 * no-op there: the connection keeps it ON), and none opens its own transaction (docs/decisions.md).
 */
export class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** Kysely's single-connection SQLite dialect (an in-memory database) with transactional DDL. */
export class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** A handle's connections: open, idle among them, and requests waiting for one (pg's pool counts). */
export interface ConnectionUse {
  total: number;
  idle: number;
  waiting: number;
}

/** Waits its turn for the one write connection (SQLite writes one transaction at a time). */
class WriteLock {
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;
  #waiting = 0;

  async lock(): Promise<void> {
    this.#waiting++;
    try {
      while (this.#held) await this.#held;
    } finally {
      this.#waiting--;
    }
    this.#held = new Promise((resolve) => (this.#release = resolve));
  }

  get isHeld(): boolean {
    return this.#held !== undefined;
  }

  /** Writes waiting for the write connection. */
  get waiting(): number {
    return this.#waiting;
  }

  unlock(): void {
    const release = this.#release;
    this.#held = undefined;
    this.#release = undefined;
    release?.();
  }
}

/** How long SQLite statements may keep the event loop to themselves before they let it turn. */
const TURN_MS = 20;
let turnStarted = performance.now();

/**
 * Lets the event loop turn when statements have held it for TURN_MS. better-sqlite3 is synchronous
 * and Kysely's awaits settle as microtasks, so a transaction of many statements (a 200,000-row import)
 * would otherwise keep every other request, reads on the read connection included, waiting until its
 * commit.
 */
async function shareTheEventLoop(): Promise<void> {
  if (performance.now() - turnStarted < TURN_MS) return;
  await new Promise((resolve) => setImmediate(resolve));
  turnStarted = performance.now();
}

/** Runs one compiled query on a SQLite handle, as Kysely's own SQLite connection does. */
function run(db: SqliteDatabase, query: CompiledQuery): QueryResult<unknown> {
  const statement = db.prepare(query.sql);
  if (statement.reader) return { rows: statement.all(query.parameters) as unknown[] };
  const { changes, lastInsertRowid } = statement.run(query.parameters);
  return {
    numAffectedRows: BigInt(changes),
    insertId: lastInsertRowid === undefined ? undefined : BigInt(lastInsertRowid),
    rows: [],
  };
}

/**
 * A connection as Kysely sees it. Inside a transaction it holds the write connection until the
 * commit; outside one, a SELECT goes to the read connection (WAL: it sees the last commit and waits for
 * nobody), and any other statement takes the write connection for itself alone.
 */
class RoutedConnection implements DatabaseConnection {
  isInTransaction = false;

  constructor(
    private readonly writer: SqliteDatabase,
    private readonly reader: SqliteDatabase,
    private readonly lock: WriteLock,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    await shareTheEventLoop();
    if (this.isInTransaction) return run(this.writer, query) as QueryResult<R>;
    if (SelectQueryNode.is(query.query)) return run(this.reader, query) as QueryResult<R>;
    await this.lock.lock();
    try {
      return run(this.writer, query) as QueryResult<R>;
    } finally {
      this.lock.unlock();
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('SQLite streams only SELECT queries');
    const statement = (this.isInTransaction ? this.writer : this.reader).prepare(query.sql);
    for (const row of statement.iterate(query.parameters)) yield { rows: [row as R] };
  }
}

class RoutedDriver implements Driver {
  constructor(
    private readonly writer: SqliteDatabase,
    private readonly reader: SqliteDatabase,
    private readonly lock: WriteLock,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.writer, this.reader, this.lock);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await this.lock.lock();
    (connection as RoutedConnection).isInTransaction = true;
    try {
      await connection.executeQuery(CompiledQuery.raw('begin'));
    } catch (error) {
      (connection as RoutedConnection).isInTransaction = false;
      this.lock.unlock();
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.end(connection, 'commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.end(connection, 'rollback');
  }

  private async end(connection: DatabaseConnection, command: 'commit' | 'rollback'): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw(command));
    } finally {
      (connection as RoutedConnection).isInTransaction = false;
      this.lock.unlock();
    }
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    this.reader.close();
    this.writer.close();
  }
}

/**
 * SQLite with one write connection and one read connection on the same WAL file (issue 36): Kysely's
 * own driver has a single connection, so one tenant's long write transaction (a 200,000-row import)
 * held every other tenant's reads until its commit. Here reads outside a transaction never wait for
 * a writer; writes still go one at a time, as SQLite requires.
 */
export class RoutedSqliteDialect implements Dialect {
  private readonly lock = new WriteLock();

  constructor(
    private readonly writer: SqliteDatabase,
    private readonly reader: SqliteDatabase,
  ) {}

  createDriver(): Driver {
    return new RoutedDriver(this.writer, this.reader, this.lock);
  }

  /**
   * The two connections as a pool (the metrics): both open; the write connection busy while a write
   * holds it; the writes waiting their turn. The read connection is never busy between statements
   * (better-sqlite3 runs each to its end at once).
   */
  connectionUse(): ConnectionUse {
    return { total: 2, idle: this.lock.isHeld ? 1 : 2, waiting: this.lock.waiting };
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

/** The read connection's settings: it never writes, and waits a moment for a writer's recovery. */
export function configureReader(sqlite: BetterSqlite3.Database): void {
  sqlite.pragma('query_only = ON');
  sqlite.pragma('busy_timeout = 5000');
}
