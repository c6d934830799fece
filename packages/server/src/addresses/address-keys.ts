import { formatAddress } from '@ipam/core/ip-address';
import type { IpVersion } from '@ipam/core/prefix';

const KEY_WIDTH: Readonly<Record<IpVersion, number>> = { 4: 8, 6: 32 };

/** The stored sort key of an address: fixed-width lowercase hex, so text order is numeric order. */
export function sortKeyOf(version: IpVersion, value: bigint): string {
  return value.toString(16).padStart(KEY_WIDTH[version], '0');
}

/** The address value of a stored sort key. */
export function valueOfSortKey(key: string): bigint {
  return BigInt(`0x${key}`);
}

/** The canonical stored text of an address (dotted IPv4, RFC 5952 IPv6; always lowercase). */
export function addressText(version: IpVersion, value: bigint): string {
  return formatAddress(version, value);
}

/** The text a search compares with (the search text is folded the same way). */
export function foldedForSearch(text: string): string {
  return text.toLowerCase();
}
