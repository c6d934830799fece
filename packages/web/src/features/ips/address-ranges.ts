import { availableAddressFields } from '@ipam/core/address-defaults';
import { isSubnetRouterAnycast } from '@ipam/core/address-ranges';
import type { AddressRangePage, AddressRangeRow } from '@ipam/core/api/address-range-page';
import type { Address } from '@ipam/core/api/ipam';
import { formatPrefix } from '@ipam/core/cidr';
import { formatAddress, parseAddress } from '@ipam/core/ip-address';
import { messages } from '@ipam/core/messages';
import { prefixLast, type Prefix } from '@ipam/core/prefix';

/**
 * Where a list of a leaf shown as ranges starts for Jump to address: the API cursor (the address
 * before it; null at the subnet's first address) and the address in canonical form, or why the text
 * is no address of the subnet.
 */
export function jumpTarget(
  prefix: Prefix,
  text: string,
): { cursor: string | null; address: string } | { error: string } {
  const parsed = parseAddress(text.trim());
  if (
    !parsed ||
    parsed.zone !== null ||
    parsed.version !== prefix.version ||
    parsed.value < prefix.network ||
    parsed.value > prefixLast(prefix)
  ) {
    return { error: messages.jumpAddressInvalid(formatPrefix(prefix)) };
  }
  const cursor = parsed.value === prefix.network ? null : formatAddress(prefix.version, parsed.value - 1n);
  return { cursor, address: formatAddress(prefix.version, parsed.value) };
}

/** The never-written address at `ipAddress`, as Edit IP Address opens it (a free row's first address). */
export function virtualAddress(ipAddress: string): Address {
  const notSeen = {
    mac: null,
    firstSeen: null,
    lastSeen: null,
    lastSeenBy: null,
    previousMac: null,
    macChangedAt: null,
  };
  return { id: null, ipAddress, ...availableAddressFields, updatedDate: null, updatedBy: null, ...notSeen };
}

/** Whether this address text is the subnet's subnet-router anycast address (IPv6's network address). */
export function isAnycastText(prefix: Prefix | null, ipAddress: string): boolean {
  const parsed = parseAddress(ipAddress);
  return prefix !== null && parsed !== null && isSubnetRouterAnycast(prefix, parsed.value);
}

/**
 * The address Next free opens from a page of the Available filter: the first Available one that is
 * not the subnet-router anycast address (a free row gives its first address, or the one after it).
 */
export function firstFreeOf(
  prefix: Prefix | null,
  rows: readonly (Address | AddressRangeRow)[],
): Address | null {
  for (const row of rows) {
    if ('kind' in row && row.kind === 'free') {
      const first = parseAddress(row.first);
      if (!first || !prefix) continue;
      const value = isSubnetRouterAnycast(prefix, first.value) ? first.value + 1n : first.value;
      const last = parseAddress(row.last)?.value ?? -1n;
      if (value <= last) return virtualAddress(formatAddress(prefix.version, value));
      continue;
    }
    if (row.status === 'Available' && !isAnycastText(prefix, row.ipAddress)) return row;
  }
  return null;
}

/** The rows of all pages read so far, in order. */
export function rowsOfPages(pages: readonly AddressRangePage[]): AddressRangeRow[] {
  return pages.flatMap((page) => page.items);
}
