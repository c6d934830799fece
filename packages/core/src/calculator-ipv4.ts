import { ipv4AddressType, type IPv4AddressType } from './address-type.js';
import type { CalculationOutcome } from './calculation-outcome.js';
import { formatIPv4, parseIPv4 } from './ipv4.js';
import { ipv4MaskFromLength, parseIPv4Mask } from './mask.js';
import { messages } from './messages.js';

/** Historic class of an IPv4 address by its first octet. */
export type IPv4Class = 'A' | 'B' | 'C' | 'D (Multicast)' | 'E (Experimental)' | 'Unknown';

/** Subnet details of an IPv4 address and mask, as shown by the calculator and `ipam calc`. */
export interface IPv4Calculation {
  readonly version: 4;
  readonly address: string;
  /** Prefix length. */
  readonly cidr: number;
  readonly networkAddress: string;
  /** Null for /31 and /32, which have no broadcast address (RFC 3021). */
  readonly broadcastAddress: string | null;
  readonly firstUsable: string;
  readonly lastUsable: string;
  /** `first - last`. */
  readonly usableIpRange: string;
  readonly totalAddresses: number;
  /** Usable hosts: 2^(32-n)-2, but 2 for /31 and 1 for /32. */
  readonly totalHosts: number;
  readonly subnetMask: string;
  readonly wildcardMask: string;
  /** Dotted binary, e.g. 11111111.11111111.11111111.00000000. */
  readonly binarySubnetMask: string;
  readonly ipClass: IPv4Class;
  readonly ipType: IPv4AddressType;
}

export type IPv4CalculationErrorCode = 'invalid_ipv4_address' | 'invalid_subnet_mask';

/** Class A–E by first octet. */
export function ipv4Class(value: number): IPv4Class {
  const first = value >>> 24;
  if (first < 128) return 'A';
  if (first < 192) return 'B';
  if (first < 224) return 'C';
  if (first < 240) return 'D (Multicast)';
  if (first < 256) return 'E (Experimental)';
  return 'Unknown';
}

/** Eight-digit binary text of every octet value, built once. */
const octetBinary = Array.from({ length: 256 }, (_, octet) => octet.toString(2).padStart(8, '0'));

function binaryDotted(value: number): string {
  const octet = (shift: number) => octetBinary[(value >>> shift) & 255] ?? '';
  return `${octet(24)}.${octet(16)}.${octet(8)}.${octet(0)}`;
}

/** Subnet details of a parsed IPv4 address (unsigned 32-bit) and prefix length 0–32. */
export function describeIPv4(value: number, length: number): IPv4Calculation {
  const mask = ipv4MaskFromLength(length);
  const network = (value & mask) >>> 0;
  const totalAddresses = 2 ** (32 - length);
  const last = network + totalAddresses - 1;
  const hasBroadcast = length < 31;
  const firstUsable = hasBroadcast ? network + 1 : network;
  const lastUsable = hasBroadcast ? last - 1 : last;
  const first = formatIPv4(firstUsable);
  const lastText = formatIPv4(lastUsable);
  return {
    version: 4,
    address: formatIPv4(value),
    cidr: length,
    networkAddress: formatIPv4(network),
    broadcastAddress: hasBroadcast ? formatIPv4(last) : null,
    firstUsable: first,
    lastUsable: lastText,
    usableIpRange: `${first} - ${lastText}`,
    totalAddresses,
    totalHosts: hasBroadcast ? totalAddresses - 2 : totalAddresses,
    subnetMask: formatIPv4(mask),
    wildcardMask: formatIPv4(~mask >>> 0),
    binarySubnetMask: binaryDotted(mask),
    ipClass: ipv4Class(value),
    ipType: ipv4AddressType(value),
  };
}

/**
 * The IPv4 calculator: takes the address and mask exactly as the user typed them (`/24`, `24` or
 * `255.255.255.0`; surrounding whitespace ignored) and returns the subnet details or the spec's error.
 */
export function calculateIPv4(
  addressText: string,
  maskText: string,
): CalculationOutcome<IPv4Calculation, IPv4CalculationErrorCode> {
  const value = parseIPv4(addressText.trim());
  if (value === null) {
    return { ok: false, error: { code: 'invalid_ipv4_address', message: messages.invalidIPv4Format } };
  }
  const length = parseIPv4Mask(maskText.trim());
  if (length === null) {
    return { ok: false, error: { code: 'invalid_subnet_mask', message: messages.invalidSubnetMask } };
  }
  return { ok: true, result: describeIPv4(value, length) };
}
