/**
 * Rows per multi-row statement. SQLite allows 32,766 bound parameters and PostgreSQL 65,535 per
 * statement; 500 rows of up to 20 columns (or 500 keys of an IN list) stay well under both.
 */
export const ROWS_PER_STATEMENT = 500;

/** The items in consecutive slices of at most `size`, for statements that would otherwise bind too many parameters. */
export function chunksOf<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
