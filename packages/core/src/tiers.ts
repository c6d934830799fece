import { messages } from './messages.js';
import type { IpVersion } from './prefix.js';

/** What a tier grants by default; maxnetworks/maxusers of Custom (4) are set per account, so null. */
export interface TierDefaults {
  readonly tier: number;
  readonly name: string;
  readonly maxnetworks: number | null;
  readonly maxusers: number | null;
}

/** The tier table of DESIGN.md. */
export const TIERS: readonly TierDefaults[] = [
  { tier: 0, name: 'Free', maxnetworks: 2, maxusers: 2 },
  { tier: 1, name: 'Basic', maxnetworks: 10, maxusers: 5 },
  { tier: 2, name: 'Business', maxnetworks: 50, maxusers: 20 },
  { tier: 3, name: 'Enterprise', maxnetworks: 500, maxusers: 100 },
  { tier: 4, name: 'Custom', maxnetworks: null, maxusers: null },
];

/** A range of prefix lengths, both ends included. */
export interface PrefixRange {
  readonly min: number;
  readonly max: number;
}

/** IPv6 subnet prefix lengths offered to the tiers that have IPv6 (the spec's), unless the operator widens them. */
export const IPV6_PREFIX_RANGE = { min: 104, max: 124 } as const;

/** The tier's defaults, or undefined for a number outside the table. */
export function tierDefaults(tier: number): TierDefaults | undefined {
  return TIERS.find((entry) => entry.tier === tier);
}

/** The spec's tier name: Free, Basic, Business, Enterprise, Custom, else 'Unknown'. */
export function tierName(tier: number): string {
  return tierDefaults(tier)?.name ?? 'Unknown';
}

/** Whether the tier is a paid one (1–4); a number outside the table gets the free tier's rights. */
export function isPaidTier(tier: number): boolean {
  return tier >= 1 && tierDefaults(tier) !== undefined;
}

/** Scanners (and the Scanners tab) are for paid tiers only. */
export const hasScanners = isPaidTier;

/** Support tickets are for paid tiers only. */
export const hasSupportTickets = isPaidTier;

/** IPv6 subnets are for paid tiers only. */
export const hasIPv6 = isPaidTier;

/** The IPv4 prefix lengths a tier may create: /24–/32 on Free, /8–/32 on paid tiers. */
export function ipv4PrefixRange(tier: number): { readonly min: number; readonly max: number } {
  return { min: isPaidTier(tier) ? 8 : 24, max: 32 };
}

/** The IPv4 prefix lengths offered in the subnet form, shortest first. */
export function ipv4PrefixChoices(tier: number): number[] {
  const { min, max } = ipv4PrefixRange(tier);
  return lengthsBetween(min, max);
}

/**
 * The IPv6 prefix lengths an account may create: the operator's range for the account when set
 * (`ipam admin set-tier … --ipv6`, IPAM_DEFAULT_IPV6_PREFIXES), else the spec's /104–/124; null on Free.
 */
export function ipv6PrefixRange(tier: number, accountRange: PrefixRange | null = null): PrefixRange | null {
  if (!hasIPv6(tier)) return null;
  return accountRange ?? IPV6_PREFIX_RANGE;
}

/** The IPv6 prefix lengths offered in the subnet form: the account's range on paid tiers, none on Free. */
export function ipv6PrefixChoices(tier: number, accountRange: PrefixRange | null = null): number[] {
  const range = ipv6PrefixRange(tier, accountRange);
  return range ? lengthsBetween(range.min, range.max) : [];
}

/**
 * Why the tier (and the account's IPv6 range, when the operator set one) may not create a subnet of
 * this version and prefix length, or null when it may.
 */
export function checkSubnetPrefixForTier(
  tier: number,
  version: IpVersion,
  length: number,
  accountIpv6Range: PrefixRange | null = null,
): { readonly code: 'ipv6_not_in_tier' | 'prefix_not_in_tier'; readonly message: string } | null {
  if (version === 6) {
    const range = ipv6PrefixRange(tier, accountIpv6Range);
    if (!range) return { code: 'ipv6_not_in_tier', message: messages.ipv6NotInTier };
    const { min, max } = range;
    if (length < min || length > max) {
      return { code: 'prefix_not_in_tier', message: messages.ipv6PrefixNotInTier(min, max) };
    }
    return null;
  }
  const { min, max } = ipv4PrefixRange(tier);
  if (length < min || length > max) {
    return { code: 'prefix_not_in_tier', message: messages.ipv4PrefixNotInTier(min, max) };
  }
  return null;
}

function lengthsBetween(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}
