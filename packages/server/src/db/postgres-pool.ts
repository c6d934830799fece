import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/** SQL texts that run as named prepared statements (`preparedQuery`'s, a fixed set), and their names. */
const statementNames = new Map<string, string>();

/**
 * Marks a SQL text to be prepared once per PostgreSQL connection and run by name after: PostgreSQL
 * then parses and plans it once per connection instead of on every call. Only for texts of which there
 * is a fixed number (compiled once, not one per IN-list length): every name stays prepared on every
 * connection of the pool.
 */
export function nameStatement(sql: string): void {
  if (!statementNames.has(sql)) statementNames.set(sql, `ipam_${statementNames.size + 1}`);
}

/** What Kysely reads of a result (pg types `command` as any text). */
function kyselyResult<R>(result: pg.QueryResult): PostgresQueryResult<R> {
  const { command, rowCount } = result;
  const rows: R[] = result.rows;
  const known = ['UPDATE', 'DELETE', 'INSERT', 'SELECT', 'MERGE'] as const;
  return { command: known.find((name) => name === command) ?? 'SELECT', rowCount: rowCount ?? 0, rows };
}

/** A pooled connection as Kysely uses it: named texts go by name, the rest as Kysely sends them. */
class NamedStatementClient implements PostgresPoolClient {
  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') throw new Error('cursors are not used here');
    const name = statementNames.get(sqlOrCursor);
    const values = [...parameters];
    const result =
      name === undefined
        ? this.client.query(sqlOrCursor, values)
        : this.client.query({ name, text: sqlOrCursor, values });
    return result.then((answer) => kyselyResult<R>(answer));
  }

  release(): void {
    this.client.release();
  }
}

/**
 * Kysely's pool interface (its extension point for PostgreSQL connections) over a pg pool, running the
 * texts marked by `nameStatement` as named prepared statements. One wrapper per pg connection, so
 * Kysely keeps one connection object for each.
 */
export function namedStatementPool(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, NamedStatementClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = clients.get(client);
      if (!wrapper) {
        wrapper = new NamedStatementClient(client);
        clients.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
