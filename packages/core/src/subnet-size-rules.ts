import { messages } from './messages.js';
import type { IpVersion } from './prefix.js';
import { checkSubnetPrefixForTier, ipv4PrefixChoices, ipv6PrefixChoices, type PrefixRange } from './tiers.js';

/**
 * What a subnet holds: addresses (a leaf) or other subnets (a container). Until containers exist every
 * subnet is a leaf; the VRF/nesting work passes 'container' where it creates one.
 */
export type SubnetSizeKind = 'leaf' | 'container';

/** The shortest IPv6 prefix of a leaf: a /64 (RFC 4291's subnet size); only containers are larger. */
export const IPV6_LEAF_MIN_PREFIX = 64;

/** The shortest prefix a subnet of this version and kind may have, before any tier range applies. */
export function minimumPrefixLength(version: IpVersion, kind: SubnetSizeKind = 'leaf'): number {
  return version === 6 && kind === 'leaf' ? IPV6_LEAF_MIN_PREFIX : 0;
}

/**
 * Why a subnet of this kind may not have this prefix length, or null when it may: an IPv6 leaf is never
 * larger than a /64, whatever range the operator allows (a container may go to the range's minimum).
 */
export function checkPrefixForKind(
  version: IpVersion,
  length: number,
  kind: SubnetSizeKind = 'leaf',
): { readonly code: 'ipv6_leaf_too_large'; readonly message: string } | null {
  const min = minimumPrefixLength(version, kind);
  return length < min ? { code: 'ipv6_leaf_too_large', message: messages.ipv6LeafTooLarge(min) } : null;
}

/**
 * A prefix-length range as an operator writes it, `32-128` (the shorter first, 0–128): the range, or
 * null when the text is no such range.
 */
export function parsePrefixRange(text: string): PrefixRange | null {
  const match = /^\s*(\d{1,3})\s*-\s*(\d{1,3})\s*$/.exec(text);
  if (!match) return null;
  const min = Number(match[1]);
  const max = Number(match[2]);
  return min <= max && max <= 128 ? { min, max } : null;
}

/** `32-128` */
export function formatPrefixRange(range: PrefixRange): string {
  return `${range.min}-${range.max}`;
}

/**
 * The prefix lengths the subnet form offers for a subnet of this kind: the tier's (IPv4) or the
 * account's IPv6 range, without those a leaf may not have (IPv6 shorter than /64).
 */
export function prefixChoicesForKind(
  version: IpVersion,
  tier: number,
  accountIpv6Range: PrefixRange | null = null,
  kind: SubnetSizeKind = 'leaf',
): number[] {
  const choices = version === 4 ? ipv4PrefixChoices(tier) : ipv6PrefixChoices(tier, accountIpv6Range);
  const min = minimumPrefixLength(version, kind);
  return choices.filter((length) => length >= min);
}

/** Why the account may not create a subnet of this kind with this prefix length (tier, range, size), or null. */
export function checkPrefixForAccount(
  tier: number,
  version: IpVersion,
  length: number,
  accountIpv6Range: PrefixRange | null = null,
  kind: SubnetSizeKind = 'leaf',
) {
  return (
    checkSubnetPrefixForTier(tier, version, length, accountIpv6Range) ??
    checkPrefixForKind(version, length, kind)
  );
}
