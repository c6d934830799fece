import type { SavedIPv4, SavedIPv6 } from '@ipam/core/api/calculation';

/** The IPv4 result as the screen and the CSV use it: core's contract (a live IPv4Calculation fits it). */
export type IPv4Result = SavedIPv4['calculationResult'];

/** The IPv6 result as the screen and the CSV use it: core's contract (a live IPv6Calculation fits it). */
export type IPv6Result = SavedIPv6['calculationResult'];

/** One line of a result: its label, the text on screen and the plain value written to CSV. */
export interface FieldDefinition<Result> {
  readonly key: string;
  readonly label: string;
  readonly display: (result: Result) => string;
  readonly csv: (result: Result) => string | number;
}

const grouped = (value: number | string) => BigInt(value).toLocaleString('en-US');

export const noBroadcastIPv4 = 'None (/31 and /32 have no broadcast address)';
export const noBroadcastIPv6 = 'None: IPv6 has no broadcast address (multicast replaces it)';

function text<Result>(
  key: string,
  label: string,
  value: (result: Result) => string,
): FieldDefinition<Result> {
  return { key, label, display: value, csv: value };
}

/** The IPv4 result lines, in screen order. */
export const ipv4Fields: readonly FieldDefinition<IPv4Result>[] = [
  text('cidrNotation', 'CIDR Notation', (r) => `${r.networkAddress}/${r.cidr}`),
  text('networkAddress', 'Network Address', (r) => r.networkAddress),
  text('broadcastAddress', 'Broadcast Address', (r) => r.broadcastAddress ?? noBroadcastIPv4),
  text('usableIpRange', 'Usable IP Range', (r) => r.usableIpRange),
  text('firstUsable', 'First Usable', (r) => r.firstUsable),
  text('lastUsable', 'Last Usable', (r) => r.lastUsable),
  {
    key: 'totalAddresses',
    label: 'Total Addresses',
    display: (r) => grouped(r.totalAddresses),
    csv: (r) => r.totalAddresses,
  },
  {
    key: 'totalHosts',
    label: 'Usable Hosts',
    display: (r) => grouped(r.totalHosts),
    csv: (r) => r.totalHosts,
  },
  text('subnetMask', 'Subnet Mask', (r) => r.subnetMask),
  text('wildcardMask', 'Wildcard Mask', (r) => r.wildcardMask),
  text('binarySubnetMask', 'Binary Subnet Mask', (r) => r.binarySubnetMask),
  text('ipClass', 'IP Class', (r) => r.ipClass),
  text('ipType', 'IP Type', (r) => r.ipType),
];

/** The IPv6 result lines, in screen order. Every address of an IPv6 prefix is usable. */
export const ipv6Fields: readonly FieldDefinition<IPv6Result>[] = [
  text('cidrNotation', 'CIDR Notation', (r) => `${r.networkAddress}/${r.cidr}`),
  text('networkAddress', 'Network Address', (r) => r.networkAddress),
  text('lastAddress', 'Last Address', (r) => r.lastAddress),
  text('broadcastAddress', 'Broadcast Address', () => noBroadcastIPv6),
  text('usableIpRange', 'Usable IP Range', (r) => r.usableIpRange),
  {
    key: 'totalAddresses',
    label: 'Total Addresses',
    display: (r) => `${grouped(r.totalAddresses)} (2^${128 - r.cidr})`,
    csv: (r) => r.totalAddresses,
  },
  text('prefixLength', 'Prefix Length', (r) => `/${r.cidr}`),
  text('subnetMask', 'Subnet Mask', (r) => r.subnetMask),
  text('ipType', 'IP Type', (r) => r.ipType),
];
