/**
 * Orders names ignoring case (Unicode lower-casing, then code units), exact text breaking ties: the
 * same order wherever it runs, unlike SQL `lower()` (ASCII-only on SQLite) or a database collation.
 */
export function compareNames(a: string, b: string): number {
  const foldedA = a.toLowerCase();
  const foldedB = b.toLowerCase();
  if (foldedA !== foldedB) return foldedA < foldedB ? -1 : 1;
  if (a !== b) return a < b ? -1 : 1;
  return 0;
}

/** A copy of the items sorted by name (see compareNames), then by id so equal names keep one order. */
export function sortedByName<T extends { name: string; id: string }>(items: readonly T[]): T[] {
  return [...items].sort((x, y) => compareNames(x.name, y.name) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}
