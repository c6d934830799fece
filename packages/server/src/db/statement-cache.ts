import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** How many distinct statements stay prepared (IN lists of every length make new SQL texts). */
const CACHED_STATEMENTS = 500;

/**
 * The SQLite handle for Kysely, reusing prepared statements by SQL text. Kysely's SQLite driver
 * prepares every query anew, and SQLite's parse and plan took a tenth of an address page's CPU. A
 * statement still being stepped (a streamed query) is never handed out twice: a fresh one is prepared.
 */
export function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        // Map order is insertion order: moving the hit to the end makes the first key the least recent.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const fresh = sqlite.prepare(sql);
      if (cached) return fresh;
      statements.set(sql, fresh);
      if (statements.size > CACHED_STATEMENTS) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return fresh;
    },
  };
}
