import { formatAddress } from '@ipam/core/ip-address';
import { parseIPv4 } from '@ipam/core/ipv4';
import { parseIPv6 } from '@ipam/core/ipv6';
import { messages } from '@ipam/core/messages';
import { prefixOf, type IpVersion, type Prefix } from '@ipam/core/prefix';
import { checkSubnetPrefixForTier, hasIPv6 } from '@ipam/core/tiers';
import { DomainError } from '../errors/domain-error.js';
import type { ScanningType } from './subnet-repository.js';

function invalid(field: string, message: string): DomainError {
  return new DomainError('validation_failed', message, { [field]: message });
}

/** The IPv6 subnet form names its prefix field `prefixLength`; IPv4 names it `bits`. */
export function lengthField(version: IpVersion): 'bits' | 'prefixLength' {
  return version === 4 ? 'bits' : 'prefixLength';
}

/**
 * The subnet's prefix from the typed network address and length, checked against spec §5 and the
 * tier: IPv6 on a tier without it first, then the address, the length range and the tier's range.
 * Host bits are cleared (10.0.0.5/24 becomes 10.0.0.0/24).
 */
export function subnetPrefix(tier: number, version: IpVersion, networkIP: string, length: number): Prefix {
  if (version === 6 && !hasIPv6(tier)) throw new DomainError('ipv6_not_in_tier', messages.ipv6NotInTier);
  const text = networkIP.trim();
  if (text === '') throw invalid('networkIP', messages.networkIpRequired);
  let value: bigint | null;
  if (version === 4) {
    const parsed = parseIPv4(text);
    value = parsed === null ? null : BigInt(parsed);
  } else {
    const parsed = parseIPv6(text);
    value = parsed === null || parsed.zone !== null ? null : parsed.value;
  }
  if (value === null) {
    throw invalid('networkIP', version === 4 ? messages.invalidIPv4 : messages.invalidIPv6);
  }
  const maxLength = version === 4 ? 32 : 128;
  if (!Number.isInteger(length) || length < 0 || length > maxLength) {
    throw invalid(lengthField(version), version === 4 ? messages.ipv4CidrRange : messages.ipv6CidrRange);
  }
  const tierRule = checkSubnetPrefixForTier(tier, version, length);
  if (tierRule)
    throw new DomainError(tierRule.code, tierRule.message, { [lengthField(version)]: tierRule.message });
  return prefixOf(version, value, length);
}

/** The canonical network address text of a prefix (RFC 5952 for IPv6). */
export function networkText(prefix: Prefix): string {
  return formatAddress(prefix.version, prefix.network);
}

/** Scan frequency in hours for the scanning type: null for none, required (≥ 1) otherwise. */
export function scanFrequencyFor(scanningType: ScanningType, scanFrequency: number | null | undefined) {
  if (scanningType === 'none') return null;
  if (scanFrequency === null || scanFrequency === undefined) {
    throw invalid('scanFrequency', messages.scanFrequencyRequired);
  }
  if (!Number.isSafeInteger(scanFrequency) || scanFrequency < 1) {
    throw invalid('scanFrequency', messages.scanFrequencyInvalid);
  }
  return scanFrequency;
}

/** A trimmed subnet name; empty is refused with the spec's message. */
export function subnetName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw invalid('name', messages.subnetNameRequired);
  return trimmed;
}

/** A VLAN ID: a whole number 1–4094. */
export function vlanId(value: number): number {
  if (!Number.isInteger(value) || value < 1 || value > 4094) throw invalid('vlanId', messages.vlanIdRange);
  return value;
}
