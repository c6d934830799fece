/**
 * Orders names ignoring case (Unicode lower-casing, then code points), exact text breaking ties: the
 * same order wherever it runs, unlike SQL `lower()` (ASCII-only on SQLite) or a database collation.
 * It is the byte order of `nameSortKey` (UTF-8 orders by code point), so a database can sort by that
 * key (SQLite's BINARY, PostgreSQL's "C" collation) and agree with this function exactly.
 */
export function compareNames(a: string, b: string): number {
  return compareCodePoints(nameSortKey(a), nameSortKey(b));
}

/** Between the folded name and the name in a sort key: below every character a name holds. */
const KEY_SEPARATOR = '\u0001';

/**
 * The text a database stores to sort names by (see compareNames): the lower-cased name, a separator,
 * then the name itself. A name that holds U+0000 or U+0001 (no form lets one in) may sort a little
 * differently; nothing else does.
 */
export function nameSortKey(name: string): string {
  return `${name.toLowerCase()}${KEY_SEPARATOR}${name}`;
}

/**
 * The LIKE pattern tail that keeps a match inside the folded part of a sort key: `%text%` followed by
 * this finds names whose lower-cased form contains `text` (the raw name after the separator is not searched).
 */
export const FOLDED_PART_END = `${KEY_SEPARATOR}%`;

/** Orders texts by code point (UTF-8 byte order), not by UTF-16 code unit as `<` does. */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (a code point past U+FFFF) sorts after every other UTF-16 unit by code point.
    const isSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdfff;
    if (isSurrogate(x) !== isSurrogate(y)) return isSurrogate(x) ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

/** A copy of the items sorted by name (see compareNames), then by id so equal names keep one order. */
export function sortedByName<T extends { name: string; id: string }>(items: readonly T[]): T[] {
  return [...items].sort((x, y) => compareNames(x.name, y.name) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}
