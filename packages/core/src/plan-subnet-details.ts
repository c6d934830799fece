import type { PlanSubnet } from './api/plan.js';
import { formatAddress, parseAddress } from './ip-address.js';
import { ipv4MaskFromLength, ipv6MaskFromLength } from './mask.js';
import { prefixLast, prefixSize, type IpVersion, type Prefix } from './prefix.js';
import { checkPlanSubnet, recommendedPrefixLength, type SubnetCheck } from './subnet-warnings.js';

/** The stored fields of a plan subnet that its derived fields depend on. */
export interface PlanSubnetFields {
  readonly ipVersion: 'IPv4' | 'IPv6';
  readonly networkAddress: string;
  readonly cidr: number;
  readonly reservedAddresses: ReadonlyArray<{ readonly address: string }>;
  readonly planning: { readonly currentHosts: number; readonly plannedGrowth: number };
}

/** The fields the server derives on every write (PL-4). */
export interface PlanSubnetDerived {
  readonly details: PlanSubnet['details'];
  readonly recommendedSize: string;
  readonly validationResults: PlanSubnet['validationResults'];
}

/** 4 or 6 for a plan subnet's 'IPv4' / 'IPv6'. */
export function ipVersionNumber(ipVersion: 'IPv4' | 'IPv6'): IpVersion {
  return ipVersion === 'IPv4' ? 4 : 6;
}

/**
 * The prefix of a plan subnet (host bits cleared). Stored subnets are valid; an unreadable address
 * (only possible with hand-made input) reads as the version's zero address.
 */
export function planSubnetPrefix(
  subnet: Pick<PlanSubnetFields, 'ipVersion' | 'networkAddress' | 'cidr'>,
): Prefix {
  const version = ipVersionNumber(subnet.ipVersion);
  const value = parseNetwork(version, subnet.networkAddress);
  const hostBits = BigInt((version === 4 ? 32 : 128) - subnet.cidr);
  return { version, network: (value >> hostBits) << hostBits, length: subnet.cidr };
}

/** The dotted IPv4 netmask or the RFC 5952 IPv6 netmask of a prefix length. */
export function subnetMaskText(version: IpVersion, length: number): string {
  return version === 4
    ? formatAddress(4, BigInt(ipv4MaskFromLength(length)))
    : formatAddress(6, ipv6MaskFromLength(length));
}

/** PL-4: details, recommended size and validation results of a plan subnet, from its stored fields. */
export function planSubnetDerived(subnet: PlanSubnetFields): PlanSubnetDerived {
  const prefix = planSubnetPrefix(subnet);
  const check = checkPlanSubnet({
    prefix,
    currentHosts: subnet.planning.currentHosts,
    plannedGrowth: subnet.planning.plannedGrowth,
    reservedAddresses: subnet.reservedAddresses,
  });
  return derivedFrom(prefix, subnet, check);
}

/** The derived fields from a check already made (validatePlan reuses the same check). */
export function derivedFrom(prefix: Prefix, subnet: PlanSubnetFields, check: SubnetCheck): PlanSubnetDerived {
  const recommended = recommendedPrefixLength(
    prefix.version,
    subnet.planning.currentHosts,
    subnet.planning.plannedGrowth,
  );
  return {
    details: {
      usableHosts: check.usableHosts.toString(),
      totalHosts: prefixSize(prefix).toString(),
      broadcastAddress:
        prefix.version === 4 && prefix.length <= 30 ? formatAddress(4, prefixLast(prefix)) : null,
      subnetMask: subnetMaskText(prefix.version, prefix.length),
      utilization: { percentage: check.utilization },
    },
    // Hosts beyond what even /0 holds cannot be planned; '/0' says "as large as there is".
    recommendedSize: `/${recommended ?? 0}`,
    validationResults: {
      isValid: check.isValid,
      warnings: check.warnings.map(({ type, message }) => ({ type, message })),
      errors: [...check.errors],
    },
  };
}

function parseNetwork(version: IpVersion, text: string): bigint {
  const parsed = parseAddress(text);
  return parsed !== null && parsed.version === version ? parsed.value : 0n;
}
