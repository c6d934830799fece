import type { Subnet } from '@ipam/core/api/ipam';
import { useQueries } from '@tanstack/react-query';
import { addressPageKey, fetchAddressPage } from './addresses.js';

/** Most leaves whose use a container view reads (one small request each). */
export const MAX_LEAVES_READ = 200;

/** One leaf's use: In Use + Reserved of its listed addresses (its "% Used"). */
export interface LeafUsage {
  used: number;
  listed: number;
  usedPercent: number;
}

const unfiltered = { filter: null, q: '' };

/**
 * The use of each leaf (the first MAX_LEAVES_READ of them), from the first one-row page of its address list,
 * which carries the subnet's totals; live like the address view (an address event refreshes it).
 */
export function useLeafUsage(accountId: string, leaves: readonly Subnet[]) {
  const read = leaves.slice(0, MAX_LEAVES_READ);
  const results = useQueries({
    queries: read.map((leaf) => ({
      queryKey: addressPageKey(accountId, leaf.id, unfiltered, null, 1),
      queryFn: () => fetchAddressPage(accountId, leaf.id, unfiltered, null, 1),
    })),
  });
  const usage = new Map<string, LeafUsage>();
  read.forEach((leaf, index) => {
    const page = results[index]?.data;
    if (page) usage.set(leaf.id, { used: page.usedCount, listed: page.total, usedPercent: page.usedPercent });
  });
  return {
    usage,
    /** The leaves whose use is read (the first MAX_LEAVES_READ); the others show none. */
    readIds: new Set(read.map((leaf) => leaf.id)),
    /** Whether every leaf's use is known (none failed or is still loading, none left unread). */
    isComplete: leaves.length <= MAX_LEAVES_READ && usage.size === read.length,
    isError: results.some((result) => result.isError),
  };
}
