import { formatAddress, parseAddress } from '@ipam/core/ip-address';
import { messages } from '@ipam/core/messages';
import { prefixOf, type IpVersion, type Prefix } from '@ipam/core/prefix';
import { checkPrefixForAccount } from '@ipam/core/subnet-size-rules';
import { hasIPv6 } from '@ipam/core/tiers';
import { accountIpv6Range, type AccountRecord } from '../accounts/account-repository.js';
import { DomainError } from '../errors/domain-error.js';
import type { SubnetKind } from '@ipam/core/schemas/subnet-schemas';
import type { ScanningType } from './subnet-repository.js';

/** The IPv6 subnet form names its prefix field `prefixLength`; IPv4 names it `bits`. */
export function lengthField(version: IpVersion): 'bits' | 'prefixLength' {
  return version === 4 ? 'bits' : 'prefixLength';
}

/** What of an account decides which subnets it may create. */
export type SubnetRights = Pick<AccountRecord, 'tier' | 'ipv6PrefixMin' | 'ipv6PrefixMax'>;

/**
 * The subnet's prefix from a network address and length that core's schema has already checked, held
 * against the account's tier (IPv6 at all, then the tier's or the operator's prefix range) and the
 * size a leaf may have (IPv6 /64 or longer; a container may be as large as the range allows). Host bits are cleared (10.0.0.5/24 becomes 10.0.0.0/24).
 */
export function subnetPrefix(
  account: SubnetRights,
  version: IpVersion,
  networkIP: string,
  length: number,
  kind: SubnetKind = 'leaf',
): Prefix {
  const { tier } = account;
  if (version === 6 && !hasIPv6(tier)) throw new DomainError('ipv6_not_in_tier', messages.ipv6NotInTier);
  const rule = checkPrefixForAccount(tier, version, length, accountIpv6Range(account), kind);
  if (rule) throw new DomainError(rule.code, rule.message, { [lengthField(version)]: rule.message });
  const address = parseAddress(networkIP);
  if (address === null || address.version !== version) {
    throw new Error(`subnetPrefix takes a checked IPv${version} address, not ${JSON.stringify(networkIP)}`);
  }
  return prefixOf(version, address.value, length);
}

/** The canonical network address text of a prefix (RFC 5952 for IPv6). */
export function networkText(prefix: Prefix): string {
  return formatAddress(prefix.version, prefix.network);
}

/**
 * The frequency to store for a scanning type: null for none, else the one given. An edit that turns
 * scanning on without a frequency, on a subnet that has none stored, is refused with the spec's message
 * (the schema cannot know what is stored).
 */
export function scanFrequencyFor(scanningType: ScanningType, scanFrequency: number | null): number | null {
  if (scanningType === 'none') return null;
  if (scanFrequency === null) {
    throw new DomainError('validation_failed', messages.scanFrequencyRequired, {
      scanFrequency: messages.scanFrequencyRequired,
    });
  }
  return scanFrequency;
}
