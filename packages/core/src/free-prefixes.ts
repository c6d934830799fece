import { ADDRESS_BITS, prefixLast, type Prefix } from './prefix.js';

/**
 * The first `count` aligned prefixes of `length` inside `within` that overlap none of `taken` (other
 * versions are ignored), lowest first: "where do I put a new /26?". One pass over the taken prefixes
 * sorted by network, so the cost is that of sorting them plus `count`, however large `within` is.
 * A length shorter than `within`'s, or longer than the version allows, has no answer.
 */
export function firstFreePrefixes(
  within: Prefix,
  taken: readonly Prefix[],
  length: number,
  count: number,
): Prefix[] {
  const { version } = within;
  const bits = ADDRESS_BITS[version];
  if (!Number.isInteger(length) || length < within.length || length > bits || count < 1) return [];
  const size = 1n << BigInt(bits - length);
  const end = prefixLast(within);
  const ranges = taken
    .filter((prefix) => prefix.version === version)
    .map((prefix) => ({ first: prefix.network, last: prefixLast(prefix) }))
    .filter((range) => range.last >= within.network && range.first <= end)
    .sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
  const found: Prefix[] = [];
  let candidate = within.network; // within is aligned to a shorter prefix, so to `size` too
  let next = 0;
  while (found.length < count && candidate + size - 1n <= end) {
    // Taken ranges wholly below the candidate no longer matter.
    while (next < ranges.length && (ranges[next]?.last ?? 0n) < candidate) next++;
    const blocker = ranges[next];
    if (blocker === undefined || blocker.first > candidate + size - 1n) {
      found.push({ version, network: candidate, length });
      candidate += size;
    } else {
      // Jump to the first aligned block after the blocking range.
      candidate = ((blocker.last + 1n + size - 1n) / size) * size;
    }
  }
  return found;
}
