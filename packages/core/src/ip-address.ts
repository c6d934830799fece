import { formatIPv4, parseIPv4 } from './ipv4.js';
import { formatIPv6, parseIPv6 } from './ipv6.js';
import type { IpVersion } from './prefix.js';

/** An address of either version; IPv4 values are widened to bigint so callers need one code path. */
export interface ParsedAddress {
  readonly version: IpVersion;
  readonly value: bigint;
  readonly zone: string | null;
}

/** Parses IPv4 (strict dotted quad) or IPv6 (RFC 4291, optional link-local zone) text, or null. */
export function parseAddress(text: string): ParsedAddress | null {
  if (text.includes(':')) {
    const parsed = parseIPv6(text);
    return parsed === null ? null : { version: 6, value: parsed.value, zone: parsed.zone };
  }
  const value = parseIPv4(text);
  return value === null ? null : { version: 4, value: BigInt(value), zone: null };
}

/** Formats an address value canonically: dotted quad for IPv4, RFC 5952 for IPv6. */
export function formatAddress(version: IpVersion, value: bigint): string {
  return version === 4 ? formatIPv4(Number(value)) : formatIPv6(value);
}
