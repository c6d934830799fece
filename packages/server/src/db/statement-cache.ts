import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { rowBuilderOf } from './row-literal.js';

type KyselyStatement = ReturnType<SqliteDatabase['prepare']>;

/** How many distinct statements stay prepared (IN lists of every length make new SQL texts). */
const CACHED_STATEMENTS = 500;

/**
 * A reader whose rows better-sqlite3 returns as arrays, made objects here by a generated literal: its
 * own objects cost about twice as much (a 100-row page: 240 µs against 150 µs), as it looks every
 * column name up again for every row. Only for SQL without `*`, whose column names the schema cannot
 * change under a prepared statement, and never for a `__proto__` column.
 */
function withRowsBuiltHere(statement: BetterSqlite3.Statement): KyselyStatement {
  const build = rowBuilderOf(statement.columns().map((column) => column.name));
  statement.raw(true);
  const toRow = (values: unknown) => (Array.isArray(values) ? build(values) : {});
  return {
    reader: true,
    all: (parameters) => statement.all(parameters).map(toRow),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters)) yield toRow(values);
    },
  };
}

function prepared(sqlite: BetterSqlite3.Database, sql: string) {
  const statement = sqlite.prepare(sql);
  const isBuiltHere =
    statement.reader && !sql.includes('*') && !statement.columns().some((c) => c.name === '__proto__');
  return { statement, handle: isBuiltHere ? withRowsBuiltHere(statement) : statement };
}

/**
 * The SQLite handle for Kysely, reusing prepared statements by SQL text. Kysely's SQLite driver
 * prepares every query anew, and SQLite's parse and plan took a tenth of an address page's CPU. A
 * statement still being stepped (a streamed query) is never handed out twice: a fresh one is prepared.
 */
export function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, ReturnType<typeof prepared>>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached && !cached.statement.busy) {
        // Map order is insertion order: moving the hit to the end makes the first key the least recent.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached.handle;
      }
      const fresh = prepared(sqlite, sql);
      if (cached) return fresh.handle;
      statements.set(sql, fresh);
      if (statements.size > CACHED_STATEMENTS) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return fresh.handle;
    },
  };
}
