import { prefixLast, prefixSize, type Prefix } from './prefix.js';

/**
 * The address list's filters: the spec's Show In Use and Show Available, and the written addresses no
 * scanner has seen for the subnet's "stale after" days (issue 33).
 */
export const ADDRESS_FILTERS = ['in-use', 'available', 'stale'] as const;
export type AddressFilter = (typeof ADDRESS_FILTERS)[number];

/**
 * What the address list can be sorted by (address is the default). Ties, and every never-written
 * address, keep address order; addresses without a hostname or never updated come after the others
 * in both directions, so a sort by hostname or by updated starts with what has one.
 */
export const ADDRESS_SORTS = ['address', 'status', 'hostname', 'updated'] as const;
export type AddressSort = (typeof ADDRESS_SORTS)[number];

/** Ascending (A to Z, oldest first, the spec's status order Available, In Use, Reserved) or descending. */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The contiguous block of addresses a subnet lists (inclusive bounds). */
export interface ListedAddresses {
  readonly first: bigint;
  readonly last: bigint;
  readonly count: bigint;
}

/**
 * The addresses a subnet lists: IPv4 leaves out the network and broadcast addresses except on /31 and
 * /32 (RFC 3021, where every address is a host); IPv6 lists every address.
 */
export function listedAddresses(prefix: Prefix): ListedAddresses {
  const first = prefix.network;
  const last = prefixLast(prefix);
  if (prefix.version === 4 && prefix.length < 31) {
    return { first: first + 1n, last: last - 1n, count: prefixSize(prefix) - 2n };
  }
  return { first, last, count: prefixSize(prefix) };
}

/** Whether an address value (same version as the prefix) is one of the subnet's listed addresses. */
export function isListedAddress(prefix: Prefix, value: bigint): boolean {
  const { first, last } = listedAddresses(prefix);
  return value >= first && value <= last;
}

/** `{n}% Used`: used over listed addresses, rounded half up, capped at 100, 0 for an empty list. */
export function usedPercent(usedCount: bigint | number, listedCount: bigint | number): number {
  const used = BigInt(usedCount);
  const listed = BigInt(listedCount);
  if (listed <= 0n || used <= 0n) return 0;
  if (used >= listed) return 100;
  // Integer rounding keeps IPv6-sized counts exact: floor((200 * used + listed) / (2 * listed)).
  return Number((200n * used + listed) / (2n * listed));
}

/**
 * The spec's "{n}% Used" number as shown: a subnet with some use that rounds to 0 % says "<1%", so it
 * does not look empty (issue 29); otherwise the rounded percentage.
 */
export function usedPercentText(percent: number, usedCount: bigint | number): string {
  return percent === 0 && BigInt(usedCount) > 0n ? '<1%' : `${percent}%`;
}

/** Why an address (of the prefix's version) is not one of the subnet's host addresses. */
export type HostAddressProblem = 'outside' | 'network' | 'broadcast';

/**
 * Whether an address is a host address of the subnet, and if not, why: outside the prefix, or its
 * network or broadcast address (IPv4 below /31). null means it is listed and can be written.
 */
export function hostAddressProblem(prefix: Prefix, value: bigint): HostAddressProblem | null {
  if (value < prefix.network || value > prefixLast(prefix)) return 'outside';
  const { first, last } = listedAddresses(prefix);
  if (value < first) return 'network';
  if (value > last) return 'broadcast';
  return null;
}
