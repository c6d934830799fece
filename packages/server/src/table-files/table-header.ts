import { messages } from '@ipam/core/messages';

/** Where each known column is in the file's rows (-1: absent, so it takes its default). */
export type ColumnIndex<C extends string> = Record<C, number>;

/**
 * The columns of a header row, or the reason it is refused: an unknown or repeated column, or a
 * required one missing. Names are matched exactly after trimming (they are the API's field names).
 */
export function readHeader<C extends string>(
  header: readonly string[],
  columns: readonly C[],
  required: readonly C[],
): { index: ColumnIndex<C> } | { problem: string } {
  const index = Object.fromEntries(columns.map((column) => [column, -1])) as ColumnIndex<C>;
  for (const [position, raw] of header.entries()) {
    const name = raw.trim();
    const column = columns.find((known) => known === name);
    if (column === undefined) {
      if (name === '') continue; // a trailing empty cell of a spreadsheet's header
      return { problem: messages.importColumnUnknown(name, columns.join(', ')) };
    }
    if (index[column] !== -1) return { problem: messages.importColumnRepeated(column) };
    index[column] = position;
  }
  const missing = required.find((column) => index[column] === -1);
  return missing === undefined ? { index } : { problem: messages.importColumnMissing(missing) };
}

/** The cell of a column in a row: undefined when the file has no such column (its default applies). */
export function cellOf<C extends string>(row: readonly string[], index: ColumnIndex<C>, column: C) {
  const position = index[column];
  return position === -1 ? undefined : (row[position] ?? '');
}
