/**
 * Maps `items` through `work` with at most `limit` calls in flight, keeping the input order.
 * A failing call rejects the whole map (callers catch per item when one failure must not stop the rest).
 */
export async function mapWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  // One iterator shared by every worker: each takes the next item when it is free.
  const queue = items.entries();
  const worker = async () => {
    for (const [index, item] of queue) results[index] = await work(item, index);
  };
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker);
  await Promise.all(workers);
  return results;
}

/** Splits `items` into consecutive chunks of at most `size`; an empty list gives one empty chunk. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  if (items.length === 0) return [[]];
  const parts: T[][] = [];
  for (let start = 0; start < items.length; start += size) parts.push(items.slice(start, start + size));
  return parts;
}
