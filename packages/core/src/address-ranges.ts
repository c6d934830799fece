import { listedAddresses } from './address-listing.js';
import type { Prefix } from './prefix.js';

/**
 * Most listed addresses a subnet may have to be shown address by address (a /8 of IPv4, a /104 of
 * IPv6); a larger leaf is shown as its written addresses plus one row per free range between them.
 */
export const MAX_EVERY_ADDRESS_LISTED = 1n << 24n;

/** Whether the subnet's addresses are listed as written rows plus free ranges (more than 2^24 of them). */
export function isListedAsRanges(prefix: Pick<Prefix, 'version' | 'length'>): boolean {
  return listedAddresses({ ...prefix, network: 0n }).count > MAX_EVERY_ADDRESS_LISTED;
}

/**
 * Whether an address is its IPv6 subnet's subnet-router anycast address (RFC 4291 §2.6.1: all host bits
 * zero, the network address). Next free never hands it out, whatever the subnet's size.
 */
export function isSubnetRouterAnycast(prefix: Prefix, value: bigint): boolean {
  return prefix.version === 6 && value === prefix.network;
}

/**
 * `used` over `listed` as a percentage in decimal text, computed on integers so IPv6-sized counts stay
 * exact: two decimals, more where needed to show three significant digits (5 of a /64 is
 * "0.0000000000000000271"), rounded half up, trailing zeros dropped; "0" and "100" at the ends.
 */
export function percentText(used: bigint, listed: bigint): string {
  if (listed <= 0n || used <= 0n) return '0';
  if (used >= listed) return '100';
  let decimals = 2;
  // Enough decimals that the rounded value has three significant digits.
  while ((100n * used * 10n ** BigInt(decimals)) / listed < 100n) decimals++;
  const scale = 10n ** BigInt(decimals);
  const scaled = (200n * used * scale + listed) / (2n * listed);
  const whole = scaled / scale;
  const fraction = (scaled % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`;
}

/** A whole number in decimal text with thousands separators: "18,446,744,073,709,551,616". */
export function digitGroups(decimal: string | bigint): string {
  const text = decimal.toString();
  const sign = text.startsWith('-') ? '-' : '';
  const digits = sign ? text.slice(1) : text;
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
