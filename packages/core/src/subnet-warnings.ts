import { prefixContains } from './cidr.js';
import { parseIPv4 } from './ipv4.js';
import { parseIPv6 } from './ipv6.js';
import { messages } from './messages.js';
import { usableHostCount, type IpVersion, type Prefix } from './prefix.js';
import { smallestPrefixLengthFor } from './vlsm.js';

/** Warning types; the UI shows them with underscores as spaces. */
export type SubnetWarningType =
  'VERY_FEW_HOSTS' | 'VERY_LARGE_SUBNET' | 'HIGH_UTILIZATION' | 'VERY_HIGH_UTILIZATION';
export type SubnetRecommendationType = 'SPLIT_SUBNET' | 'PLAN_FOR_GROWTH';

export interface SubnetCheckInput {
  readonly prefix: Prefix;
  readonly currentHosts: number;
  /** Percent of growth to plan for (the planner's plannedGrowth). */
  readonly plannedGrowth?: number;
  readonly reservedAddresses?: ReadonlyArray<{ readonly address: string }>;
}

export interface SubnetCheck {
  /** False when there are errors; warnings do not block saving. */
  readonly isValid: boolean;
  readonly usableHosts: bigint;
  /** currentHosts over usable hosts, in percent, rounded to one decimal (may pass 100). */
  readonly utilization: number;
  readonly warnings: ReadonlyArray<{ readonly type: SubnetWarningType; readonly message: string }>;
  readonly errors: readonly string[];
  readonly recommendations: ReadonlyArray<{
    readonly type: SubnetRecommendationType;
    readonly suggestion: string;
  }>;
}

/**
 * Prefix lengths past which a subnet has very few hosts or is very large. The spec gives /30 and /8 for
 * IPv4; for IPv6 we use /126 (a point-to-point /127 or a single /128) and /32 (a whole LIR allocation).
 */
export const SIZE_WARNING_LENGTHS: Readonly<
  Record<IpVersion, { fewHostsAbove: number; veryLargeBelow: number }>
> = {
  4: { fewHostsAbove: 30, veryLargeBelow: 8 },
  6: { fewHostsAbove: 126, veryLargeBelow: 32 },
};

/** The spec's plan subnet checks: size and utilization warnings, host and reserved-address errors. */
export function checkPlanSubnet(input: SubnetCheckInput): SubnetCheck {
  const { prefix, currentHosts } = input;
  const usableHosts = usableHostCount(prefix.version, prefix.length);
  const hosts = BigInt(Math.max(0, Math.floor(currentHosts)));
  const warnings: Array<SubnetCheck['warnings'][number]> = [];
  const errors: string[] = [];
  const recommendations: Array<SubnetCheck['recommendations'][number]> = [];

  const sizes = SIZE_WARNING_LENGTHS[prefix.version];
  if (prefix.length > sizes.fewHostsAbove) {
    warnings.push({ type: 'VERY_FEW_HOSTS', message: messages.subnetVeryFewHosts(prefix.length) });
  }
  if (prefix.length < sizes.veryLargeBelow) {
    warnings.push({ type: 'VERY_LARGE_SUBNET', message: messages.subnetVeryLarge(prefix.length) });
  }

  // One decimal for display (PL-4); the thresholds below compare the exact ratio (PL-23, S17).
  const utilization = Number((2000n * hosts + usableHosts) / (2n * usableHosts)) / 10;
  if (hosts > usableHosts) {
    errors.push(messages.hostsExceedAvailable(hosts, usableHosts));
  } else if (hosts * 100n > usableHosts * 90n) {
    warnings.push({ type: 'VERY_HIGH_UTILIZATION', message: messages.veryHighUtilization(utilization) });
  } else if (hosts * 100n > usableHosts * 80n) {
    warnings.push({ type: 'HIGH_UTILIZATION', message: messages.highUtilization(utilization) });
  }
  if (hosts * 100n > usableHosts * 80n) {
    recommendations.push({ type: 'SPLIT_SUBNET', suggestion: messages.splitRecommendation(utilization) });
  }

  const needed = hostsWithGrowth(hosts, input.plannedGrowth ?? 0);
  const recommended = needed > usableHosts ? smallestPrefixLengthFor(prefix.version, needed) : null;
  if (recommended !== null) {
    recommendations.push({
      type: 'PLAN_FOR_GROWTH',
      suggestion: messages.growthRecommendation(needed, recommended),
    });
  }

  const seen = new Set<bigint>();
  (input.reservedAddresses ?? []).forEach(({ address }, index) => {
    const value = parseVersionedAddress(prefix.version, address);
    if (value === null) errors.push(messages.reservedAddressInvalid(index + 1, prefix.version));
    else if (!prefixContains(prefix, value)) errors.push(messages.reservedAddressOutside(index + 1));
    else if (seen.has(value)) errors.push(messages.reservedAddressTwice(index + 1));
    if (value !== null) seen.add(value);
  });

  return { isValid: errors.length === 0, usableHosts, utilization, warnings, errors, recommendations };
}

/**
 * The longest prefix that holds the current hosts plus the planned growth (the planner's
 * recommendedSize), or null when not even /0 would.
 */
export function recommendedPrefixLength(
  version: IpVersion,
  currentHosts: number,
  plannedGrowth: number,
): number | null {
  const hosts = hostsWithGrowth(BigInt(Math.max(0, Math.floor(currentHosts))), plannedGrowth);
  return smallestPrefixLengthFor(version, hosts < 1n ? 1n : hosts);
}

/** hosts × (100 + growth%) / 100, rounded up. */
function hostsWithGrowth(hosts: bigint, plannedGrowth: number): bigint {
  const growth = BigInt(Math.max(0, Math.round(plannedGrowth)));
  return (hosts * (100n + growth) + 99n) / 100n;
}

function parseVersionedAddress(version: IpVersion, text: string): bigint | null {
  if (version === 4) {
    const value = parseIPv4(text);
    return value === null ? null : BigInt(value);
  }
  const parsed = parseIPv6(text);
  return parsed === null || parsed.zone !== null ? null : parsed.value;
}

/**
 * The spec's warnings for a subnet of the IP view or the create form (§5): very few hosts (IPv4 past
 * /30), very large (IPv4 below /8), and above 80 % or 90 % of its host addresses In Use or Reserved.
 */
export function subnetWarnings(
  prefix: Prefix,
  usedAddresses = 0,
): ReadonlyArray<{ readonly type: SubnetWarningType; readonly message: string }> {
  return checkPlanSubnet({ prefix, currentHosts: usedAddresses }).warnings;
}
