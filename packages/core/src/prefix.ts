/** IP versions the product handles. */
export type IpVersion = 4 | 6;

/** Bits in an address of each version. */
export const ADDRESS_BITS: Readonly<Record<IpVersion, 32 | 128>> = { 4: 32, 6: 128 };

/**
 * A network prefix: the network address as an unsigned integer (host bits clear) and its length.
 * IPv4 values fit in 32 bits, IPv6 in 128; both are bigint here so planner rules are version-agnostic.
 */
export interface Prefix {
  readonly version: IpVersion;
  readonly network: bigint;
  readonly length: number;
}

/** Number of addresses covered by a prefix. */
export function prefixSize(prefix: Prefix): bigint {
  return 1n << BigInt(ADDRESS_BITS[prefix.version] - prefix.length);
}

/** Last address (inclusive) of a prefix. */
export function prefixLast(prefix: Prefix): bigint {
  return prefix.network + prefixSize(prefix) - 1n;
}

/** A prefix from any address inside it: host bits are cleared. */
export function prefixOf(version: IpVersion, value: bigint, length: number): Prefix {
  const hostBits = BigInt(ADDRESS_BITS[version] - length);
  return { version, network: (value >> hostBits) << hostBits, length };
}

/**
 * Usable host addresses of a prefix length: IPv4 2^(32-n)-2, but 2 for /31 and 1 for /32 (RFC 3021);
 * IPv6 every address (no broadcast, and the subnet-router anycast address is still assignable).
 */
export function usableHostCount(version: IpVersion, length: number): bigint {
  const size = 1n << BigInt(ADDRESS_BITS[version] - length);
  return version === 4 && length < 31 ? size - 2n : size;
}
