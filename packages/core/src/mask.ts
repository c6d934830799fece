import { parseIPv4 } from './ipv4.js';

/**
 * Parses a bare prefix length: decimal digits, no sign, no leading zero (`08` is refused, `0` is
 * fine), at most `max`. Returns null otherwise.
 */
export function parsePrefixLength(text: string, max: 32 | 128): number | null {
  const length = text.length;
  if (length === 0 || length > 3) return null;
  let value = 0;
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code < 48 || code > 57 || (index === 1 && value === 0)) return null;
    value = value * 10 + (code - 48);
  }
  return value <= max ? value : null;
}

/**
 * Parses an IPv4 mask as typed in the calculator: `/24`, `24` or a dotted mask whose ones are
 * contiguous (`255.255.255.0`; `255.0.255.0` is refused). Returns the prefix length or null.
 */
export function parseIPv4Mask(text: string): number | null {
  if (text.includes('.')) {
    const mask = parseIPv4(text);
    if (mask === null) return null;
    const inverted = ~mask >>> 0;
    // The host part must be a run of low ones: 0…01…1 plus one is a power of two.
    if ((inverted & (inverted + 1)) !== 0) return null;
    return 32 - bitCount(inverted);
  }
  return parsePrefixLength(text.startsWith('/') ? text.slice(1) : text, 32);
}

/** Parses an IPv6 prefix length as typed: `/64` or `64`, 0–128. Returns it or null. */
export function parseIPv6PrefixLength(text: string): number | null {
  return parsePrefixLength(text.startsWith('/') ? text.slice(1) : text, 128);
}

/** The IPv4 netmask of a prefix length as an unsigned 32-bit number (`24` → 0xffffff00). */
export function ipv4MaskFromLength(length: number): number {
  return length === 0 ? 0 : (0xffffffff << (32 - length)) >>> 0;
}

/** The IPv6 netmask of a prefix length as a 128-bit value. */
export function ipv6MaskFromLength(length: number): bigint {
  return ((1n << 128n) - 1n) ^ ((1n << BigInt(128 - length)) - 1n);
}

function bitCount(value: number): number {
  let count = 0;
  for (let rest = value; rest !== 0; rest >>>= 1) count += rest & 1;
  return count;
}
