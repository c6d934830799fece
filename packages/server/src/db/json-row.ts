import { sql, type Expression, type RawBuilder } from 'kysely';
import { isPostgres, type Db } from './database.js';

/**
 * The values as one JSON array text, written by the database: a row of many columns read as one
 * value. On PostgreSQL every column of a result costs its description on every execution of a
 * prepared statement and a parse per row in pg; one text costs one.
 */
export function jsonArrayText(db: Db, values: readonly Expression<unknown>[]): RawBuilder<string> {
  const list = sql.join(values);
  return isPostgres(db) ? sql<string>`json_build_array(${list})::text` : sql<string>`json_array(${list})`;
}

/**
 * Refuses a value of a `jsonArrayText` array of another type than its column's: the database wrote
 * it, so a wrong type is a bug, never input to answer.
 */
function expected(kind: string, value: unknown): never {
  throw new Error(`a JSON row value is not ${kind}: ${typeof value}`);
}

/** A text value of a `jsonArrayText` array (throws on any other). */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : expected('a text', value);
}

/** A text or null value of a `jsonArrayText` array (throws on any other). */
export function textOrNullOf(value: unknown): string | null {
  return value === null ? null : textOf(value);
}

/** An integer value of a `jsonArrayText` array (throws on any other). */
export function integerOf(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : expected('an integer', value);
}

/** An integer or null value of a `jsonArrayText` array (throws on any other). */
export function integerOrNullOf(value: unknown): number | null {
  return value === null ? null : integerOf(value);
}

/** The values of a `jsonArrayText` array of `length` values (throws on any other text). */
export function jsonArrayOf(text: string, length: number): readonly unknown[] {
  const values: unknown = JSON.parse(text);
  if (!Array.isArray(values) || values.length !== length) {
    throw new Error(`a JSON row is not an array of ${length} values`);
  }
  return values;
}
