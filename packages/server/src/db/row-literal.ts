/** Turns a row read as an array (values in column order) into the object Kysely hands out. */
export type RowBuilder = (values: readonly unknown[]) => Record<string, unknown>;

/**
 * A row builder for these column names, generated as one object literal (`{"id": v[0], …}`): V8 gives
 * every row the same shape at once, where assigning the names in a loop cost about twice as much and
 * left more garbage. Names are written as JSON strings, so no column name is ever read as code; a
 * `__proto__` column is refused (a literal would set the prototype, not a property).
 */
export function rowBuilderOf(names: readonly string[]): RowBuilder {
  if (names.includes('__proto__')) throw new Error('a __proto__ column cannot be built as a literal');
  const fields = names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  // Generated from column names quoted above, never from input.
  return new Function('v', `return { ${fields} };`) as RowBuilder;
}
