import type { Compilable, CompiledQuery, DialectAdapter } from 'kysely';
import type { Db } from './database.js';
import { nameStatement } from './postgres-pool.js';

/** A value a prepared query binds: text, a number, null, or (PostgreSQL's `= any(…)`) a list of texts. */
export type Bindable = string | number | null | readonly string[];

/** Where a compiled statement's parameter comes from: a named input, or a value fixed at build time. */
type Slot<Name> = { name: Name } | { fixed: unknown };

/**
 * A query Kysely builds and compiles once per engine, then runs with new parameter values on any
 * handle of that engine (the database, or a transaction). Kysely builds and compiles a query on every
 * call, which cost several times the run of a one-row query (about 35 µs against 10 µs on SQLite):
 * worth avoiding on queries every request makes. On PostgreSQL the text is also a named prepared
 * statement (parsed and planned once per connection, db/postgres-pool.ts). `build` writes
 * `param(name)` where a call's value goes (a placeholder the compiled statement's parameters are
 * matched on; wrap it as sql<T>`${param(name)}` where the column is not text). Each placeholder must be
 * a whole value (not inside `in (…)` or a pattern), so the text is the same for every call.
 */
export function preparedQuery<Name extends string, Row>(
  names: readonly Name[],
  build: (db: Db, param: (name: Name) => string) => Compilable<Row>,
): (db: Db, params: Readonly<Record<Name, Bindable>>) => Promise<Row[]> {
  // By adapter: the database and each of its transactions share it, and it fixes the SQL dialect.
  const compiled = new WeakMap<DialectAdapter, { query: CompiledQuery<Row>; slots: Slot<Name>[] }>();
  const placeholder = (name: Name) => `\u0000${name}\u0000`;
  const nameOf = new Map(names.map((name) => [placeholder(name), name]));
  const compile = (db: Db, adapter: DialectAdapter) => {
    const query = build(db, placeholder).compile();
    // PostgreSQL prepares it once per connection (SQLite's statement cache does the same by text).
    nameStatement(query.sql);
    const slots = query.parameters.map((value): Slot<Name> => {
      const name = typeof value === 'string' ? nameOf.get(value) : undefined;
      if (name === undefined && typeof value === 'string' && value.includes('\u0000')) {
        throw new Error(`a prepared query's parameter is not a whole value: ${query.sql}`);
      }
      return name === undefined ? { fixed: value } : { name };
    });
    const entry = { query, slots };
    compiled.set(adapter, entry);
    return entry;
  };
  return async (db, params) => {
    const { adapter } = db.getExecutor();
    const { query, slots } = compiled.get(adapter) ?? compile(db, adapter);
    const parameters = slots.map((slot) => ('name' in slot ? params[slot.name] : slot.fixed));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
