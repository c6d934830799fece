import { formatAddress, parseAddress } from './ip-address.js';
import { parsePrefixLength } from './mask.js';
import { ADDRESS_BITS, prefixLast, type Prefix } from './prefix.js';

/**
 * Parses `address/length` (IPv4 or IPv6) into a prefix with the host bits cleared, so
 * `10.1.2.3/24` gives 10.1.2.0/24. The length has no leading zero. Returns null if invalid.
 */
export function parseCidr(text: string): Prefix | null {
  const slash = text.lastIndexOf('/');
  if (slash < 0) return null;
  const address = parseAddress(text.slice(0, slash));
  if (address === null) return null;
  const bits = ADDRESS_BITS[address.version];
  const length = parsePrefixLength(text.slice(slash + 1), bits);
  if (length === null) return null;
  return { version: address.version, network: clearHostBits(address.value, bits, length), length };
}

/** Formats a prefix as `network/length` with the canonical address form. */
export function formatPrefix(prefix: Prefix): string {
  return `${formatAddress(prefix.version, prefix.network)}/${prefix.length}`;
}

/** Whether an address value (same version as the prefix) lies inside the prefix. */
export function prefixContains(prefix: Prefix, value: bigint): boolean {
  return value >= prefix.network && value <= prefixLast(prefix);
}

/** Clears the host bits of `value` for a prefix `length` out of `bits`. */
export function clearHostBits(value: bigint, bits: 32 | 128, length: number): bigint {
  const hostBits = BigInt(bits - length);
  return (value >> hostBits) << hostBits;
}
