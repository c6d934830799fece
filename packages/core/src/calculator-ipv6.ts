import { ipv6AddressType, type IPv6AddressType } from './address-type.js';
import type { CalculationOutcome } from './calculation-outcome.js';
import { formatIPv6, parseIPv6 } from './ipv6.js';
import { ipv6MaskFromLength, parseIPv6PrefixLength } from './mask.js';
import { messages } from './messages.js';

/** Subnet details of an IPv6 address and prefix length, as shown by the calculator and `ipam calc`. */
export interface IPv6Calculation {
  readonly version: 6;
  /** The entered address in RFC 5952 form, with its `%zone` if it had one. */
  readonly address: string;
  /** Prefix length. */
  readonly cidr: number;
  readonly networkAddress: string;
  readonly lastAddress: string;
  /** Always null: IPv6 has no broadcast address. */
  readonly broadcastAddress: null;
  /** Every IPv6 address of a prefix is usable, so this is the network address… */
  readonly firstUsable: string;
  /** …and this the last address. */
  readonly lastUsable: string;
  readonly usableIpRange: string;
  /** Decimal string: up to 2^128 does not fit a JSON number. */
  readonly totalAddresses: string;
  /** Decimal string, equal to totalAddresses. */
  readonly totalHosts: string;
  /** The netmask in RFC 5952 form, e.g. `ffff:ffff:ffff:ffff::` for /64. */
  readonly subnetMask: string;
  readonly ipType: IPv6AddressType;
}

export type IPv6CalculationErrorCode = 'invalid_ipv6_address' | 'invalid_prefix_length';

/** RFC 5952 text of each prefix length's netmask, built on first use. */
const maskTexts: string[] = [];

/** Subnet details of a parsed IPv6 address, its zone and a prefix length 0–128. */
export function describeIPv6(value: bigint, zone: string | null, length: number): IPv6Calculation {
  const mask = ipv6MaskFromLength(length);
  const network = value & mask;
  const size = 1n << BigInt(128 - length);
  const network6 = formatIPv6(network);
  const last6 = formatIPv6(network + size - 1n);
  const total = size.toString();
  return {
    version: 6,
    address: zone === null ? formatIPv6(value) : `${formatIPv6(value)}%${zone}`,
    cidr: length,
    networkAddress: network6,
    lastAddress: last6,
    broadcastAddress: null,
    firstUsable: network6,
    lastUsable: last6,
    usableIpRange: `${network6} - ${last6}`,
    totalAddresses: total,
    totalHosts: total,
    subnetMask: (maskTexts[length] ??= formatIPv6(mask)),
    ipType: ipv6AddressType(value),
  };
}

/**
 * The IPv6 calculator: takes the address and prefix length as the user typed them (`/64` or `64`;
 * surrounding whitespace ignored) and returns the subnet details or the spec's error.
 */
export function calculateIPv6(
  addressText: string,
  prefixText: string,
): CalculationOutcome<IPv6Calculation, IPv6CalculationErrorCode> {
  const parsed = parseIPv6(addressText.trim());
  if (parsed === null) {
    return { ok: false, error: { code: 'invalid_ipv6_address', message: messages.invalidIPv6Format } };
  }
  const length = parseIPv6PrefixLength(prefixText.trim());
  if (length === null) {
    return { ok: false, error: { code: 'invalid_prefix_length', message: messages.invalidIPv6PrefixLength } };
  }
  return { ok: true, result: describeIPv6(parsed.value, parsed.zone, length) };
}
