import { parseIPv4 } from './ipv4.js';
import { parseIPv6 } from './ipv6.js';
import { ipv4MaskFromLength } from './mask.js';

/** Kind of IPv4 address by IANA special-purpose registry block (RFC 6890 and successors). */
export type IPv4AddressType =
  | 'Limited Broadcast'
  | 'This Network'
  | 'Private'
  | 'Shared (CGNAT)'
  | 'Loopback'
  | 'Link-Local'
  | 'Documentation'
  | 'Benchmarking'
  | 'Reserved'
  | 'Multicast'
  | 'Public';

/** Kind of IPv6 address by IANA special-purpose registry block. */
export type IPv6AddressType =
  | 'Unspecified'
  | 'Loopback'
  | 'IPv4-mapped'
  | 'NAT64'
  | 'Documentation'
  | 'Teredo'
  | '6to4'
  | 'Unique Local Address (ULA)'
  | 'Link-Local'
  | 'Multicast'
  | 'Global Unicast'
  | 'Reserved';

interface Block<Value, Type> {
  readonly network: Value;
  readonly length: number;
  readonly type: Type;
}

function v4(cidr: string, type: IPv4AddressType): Block<number, IPv4AddressType> & { mask: number } {
  const [address = '', length = ''] = cidr.split('/');
  return {
    network: parseIPv4(address) ?? 0,
    length: Number(length),
    type,
    mask: ipv4MaskFromLength(Number(length)),
  };
}

function v6(cidr: string, type: IPv6AddressType): Block<bigint, IPv6AddressType> {
  const [address = '', length = ''] = cidr.split('/');
  return { network: parseIPv6(address)?.value ?? 0n, length: Number(length), type };
}

// Most specific block first: the first match wins (255.255.255.255 lies inside 240.0.0.0/4).
const ipv4Blocks = [
  v4('255.255.255.255/32', 'Limited Broadcast'),
  v4('0.0.0.0/8', 'This Network'),
  v4('10.0.0.0/8', 'Private'),
  v4('172.16.0.0/12', 'Private'),
  v4('192.168.0.0/16', 'Private'),
  v4('100.64.0.0/10', 'Shared (CGNAT)'),
  v4('127.0.0.0/8', 'Loopback'),
  v4('169.254.0.0/16', 'Link-Local'),
  v4('192.0.2.0/24', 'Documentation'),
  v4('198.51.100.0/24', 'Documentation'),
  v4('203.0.113.0/24', 'Documentation'),
  v4('198.18.0.0/15', 'Benchmarking'),
  v4('192.0.0.0/24', 'Reserved'),
  v4('240.0.0.0/4', 'Reserved'),
  v4('224.0.0.0/4', 'Multicast'),
];

const ipv6Blocks = [
  v6('::/128', 'Unspecified'),
  v6('::1/128', 'Loopback'),
  v6('::ffff:0:0/96', 'IPv4-mapped'),
  v6('64:ff9b::/96', 'NAT64'),
  v6('2001:db8::/32', 'Documentation'),
  v6('3fff::/20', 'Documentation'),
  v6('2001::/32', 'Teredo'),
  v6('2002::/16', '6to4'),
  v6('fc00::/7', 'Unique Local Address (ULA)'),
  v6('fe80::/10', 'Link-Local'),
  v6('ff00::/8', 'Multicast'),
  v6('2000::/3', 'Global Unicast'),
];

/** Classifies an IPv4 address (unsigned 32-bit value) by its most specific special-purpose block. */
export function ipv4AddressType(value: number): IPv4AddressType {
  for (const block of ipv4Blocks) {
    if ((value & block.mask) >>> 0 === block.network) return block.type;
  }
  return 'Public';
}

/** Blocks of at most 32 bits are matched on the top 32-bit word as plain numbers (no bigint work). */
const ipv6ShortBlocks = ipv6Blocks
  .filter((block) => block.length <= 32)
  .map((block) => ({ ...block, top: Number(block.network >> 96n), mask: ipv4MaskFromLength(block.length) }));
const ipv6LongBlocks = ipv6Blocks.filter((block) => block.length > 32);

/** Classifies an IPv6 address (128-bit value) by its most specific special-purpose block. */
export function ipv6AddressType(value: bigint): IPv6AddressType {
  // The long blocks (::/128, ::1/128, ::ffff:0:0/96, 64:ff9b::/96) all lie inside ::/8, where no short block is.
  if (value >> 120n === 0n) {
    for (const block of ipv6LongBlocks) {
      const shift = BigInt(128 - block.length);
      if (value >> shift === block.network >> shift) return block.type;
    }
  }
  const top = Number(value >> 96n);
  for (const block of ipv6ShortBlocks) {
    if ((top & block.mask) >>> 0 === block.top) return block.type;
  }
  return 'Reserved';
}
