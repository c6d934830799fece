import { parseAddress } from '@ipam/core/ip-address';

/** A block of addresses: its first address's value and its prefix length. */
interface Block {
  base: bigint;
  length: number;
}

function v4(text: string, length: number): Block {
  const parsed = parseAddress(text);
  if (parsed === null) throw new Error(`bad block ${text}`);
  return { base: parsed.value, length };
}

function v6(text: string, length: number): Block {
  return v4(text, length);
}

/** IPv4 blocks no webhook may reach: this network, private, shared (CGNAT), loopback, link-local, reserved. */
const blockedV4: readonly Block[] = [
  v4('0.0.0.0', 8),
  v4('10.0.0.0', 8),
  v4('100.64.0.0', 10),
  v4('127.0.0.0', 8),
  v4('169.254.0.0', 16),
  v4('172.16.0.0', 12),
  v4('192.0.0.0', 24),
  v4('192.168.0.0', 16),
  v4('198.18.0.0', 15),
  v4('224.0.0.0', 4),
  v4('240.0.0.0', 4),
];

/** IPv6 blocks no webhook may reach: unspecified, loopback, unique-local, link-local, multicast, documentation. */
const blockedV6: readonly Block[] = [
  v6('::', 128),
  v6('::1', 128),
  v6('fc00::', 7),
  v6('fe80::', 10),
  v6('ff00::', 8),
  v6('2001:db8::', 32),
];

function isIn(value: bigint, bits: number, block: Block): boolean {
  const shift = BigInt(bits - block.length);
  return value >> shift === block.base >> shift;
}

const V4_MAPPED = 0xffffn << 32n;
const NAT64 = 0x0064ff9bn << 96n;

/**
 * Whether a webhook may connect to this address (an IP literal as DNS answers it): public unicast
 * only. IPv4-mapped and NAT64 IPv6 addresses are judged by the IPv4 address they carry.
 */
export function isPublicAddress(text: string): boolean {
  const parsed = parseAddress(text);
  if (parsed === null) return false;
  if (parsed.version === 4) return !blockedV4.some((block) => isIn(parsed.value, 32, block));
  const { value } = parsed;
  if (value >> 32n === V4_MAPPED >> 32n || value >> 32n === NAT64 >> 32n) {
    const inner = value & 0xffffffffn;
    return !blockedV4.some((block) => isIn(inner, 32, block));
  }
  return !blockedV6.some((block) => isIn(value, 128, block));
}
