/** Splits `items` into consecutive chunks of at most `size`; an empty list gives one empty chunk. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  if (items.length === 0) return [[]];
  const parts: T[][] = [];
  for (let start = 0; start < items.length; start += size) parts.push(items.slice(start, start + size));
  return parts;
}
