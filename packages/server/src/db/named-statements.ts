import type pg from 'pg';
import { rowBuilderOf, type RowBuilder } from './row-literal.js';

/** SQL texts compiled once (`preparedQuery`) and the name each is prepared under on a connection. */
const statementNames = new Map<string, string>();
const rowBuilders = new Map<string, RowBuilder>();

/**
 * Marks a SQL text to be prepared once per PostgreSQL connection and run by name afterwards. Only for
 * texts of which there is a fixed number (compiled once, not one per IN-list length): every name stays
 * prepared on every connection of the pool.
 */
export function nameStatement(sql: string): void {
  if (!statementNames.has(sql)) statementNames.set(sql, `ipam_${statementNames.size + 1}`);
}

type Query = (config: unknown, values?: unknown) => Promise<pg.QueryResult | pg.QueryArrayResult>;

/**
 * Makes a pool client run named statements by name, their rows read as arrays and made objects by a
 * generated literal: PostgreSQL parses and plans them once per connection instead of on every call,
 * and pg's own row objects cost more. Every other query goes through unchanged (Kysely calls
 * `query(sql, parameters)`).
 */
export function runNamedStatements(client: pg.PoolClient): void {
  const query: Query = client.query.bind(client);
  const named = async (text: unknown, values?: unknown) => {
    const name = typeof text === 'string' ? statementNames.get(text) : undefined;
    if (name === undefined || !Array.isArray(values)) return query(text, values);
    const result = await query({ name, text, values, rowMode: 'array' });
    let build = rowBuilders.get(name);
    if (!build) {
      build = rowBuilderOf(result.fields.map((field) => field.name));
      rowBuilders.set(name, build);
    }
    const toRow = build;
    const rows = result.rows.map((values) => (Array.isArray(values) ? toRow(values) : values));
    return { command: result.command, rowCount: result.rowCount, rows };
  };
  Object.assign(client, { query: named });
}
