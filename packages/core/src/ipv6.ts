import { formatIPv4, parseIPv4 } from './ipv4.js';

/** Largest IPv6 address as a 128-bit unsigned bigint. */
export const IPV6_MAX = (1n << 128n) - 1n;

/** A parsed IPv6 address: its 128-bit value and the `%zone` it carried, if any. */
export interface ParsedIPv6 {
  readonly value: bigint;
  readonly zone: string | null;
}

const COLON = 58;
const DOT = 46;
/** RFC 6874 zone identifiers: unreserved URI characters (eth0, en0, 12, wlan0.100, vlan_7~x). */
const ZONE_PATTERN = /^[A-Za-z0-9._~-]+$/;
/** Scratch space for the parsed groups; parsing is synchronous so one buffer is enough. */
const groups = new Uint16Array(8);

/** Value of a hex digit char code, or -1. */
function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  if (code >= 65 && code <= 70) return code - 55;
  return -1;
}

/**
 * Fills `groups` from the address part `text[0, end)` and returns how many groups were read and
 * where `::` stood (-1 if absent), or null when the text is not an RFC 4291 address.
 */
function readGroups(text: string, end: number): { count: number; compressAt: number } | null {
  let count = 0;
  let compressAt = -1;
  let index = 0;
  if (end === 0) return null;
  if (text.charCodeAt(0) === COLON) {
    if (end < 2 || text.charCodeAt(1) !== COLON) return null;
    compressAt = 0;
    index = 2;
  }
  while (index < end) {
    const start = index;
    let group = 0;
    let digit = hexValue(text.charCodeAt(index));
    while (digit >= 0 && index - start < 5) {
      group = group * 16 + digit;
      index++;
      digit = index < end ? hexValue(text.charCodeAt(index)) : -1;
    }
    if (index < end && text.charCodeAt(index) === DOT) {
      // A dotted IPv4 tail: it ends the address and fills two groups.
      if (count > 6) return null;
      const tail = parseIPv4(text.slice(start, end));
      if (tail === null) return null;
      groups[count++] = tail >>> 16;
      groups[count++] = tail & 0xffff;
      index = end;
      break;
    }
    const digits = index - start;
    if (digits === 0 || digits > 4 || count === 8) return null;
    groups[count++] = group;
    if (index === end) break;
    if (text.charCodeAt(index) !== COLON) return null;
    index++;
    if (index < end && text.charCodeAt(index) === COLON) {
      if (compressAt >= 0) return null;
      compressAt = count;
      index++;
    } else if (index === end) {
      return null;
    }
  }
  // `::` stands for at least one zero group (RFC 4291 §2.2).
  if (compressAt >= 0 ? count > 7 : count !== 8) return null;
  return { count, compressAt };
}

/**
 * Parses any RFC 4291 text form of an IPv6 address (any case, `::`, dotted IPv4 tail) with an
 * optional `%zone`, which is accepted only on link-local fe80::/10 addresses. Returns null if invalid.
 */
export function parseIPv6(text: string): ParsedIPv6 | null {
  const percent = text.indexOf('%');
  const end = percent < 0 ? text.length : percent;
  if (end > 45) return null; // longest form: 6 groups of 4, 6 colons and a 15-char IPv4 tail
  const read = readGroups(text, end);
  if (read === null) return null;
  const { count, compressAt } = read;
  const words = [0, 0, 0, 0, 0, 0, 0, 0];
  if (compressAt < 0) {
    for (let i = 0; i < 8; i++) words[i] = groups[i] ?? 0;
  } else {
    for (let i = 0; i < compressAt; i++) words[i] = groups[i] ?? 0;
    const shift = 8 - count;
    for (let i = compressAt; i < count; i++) words[i + shift] = groups[i] ?? 0;
  }
  let zone: string | null = null;
  if (percent >= 0) {
    zone = text.slice(percent + 1);
    if (!ZONE_PATTERN.test(zone) || ((words[0] ?? 0) & 0xffc0) !== 0xfe80) return null;
  }
  return { value: wordsToBigint(words), zone };
}

/** Joins eight 16-bit words into a 128-bit value. */
function wordsToBigint(words: readonly number[]): bigint {
  const w = (i: number) => words[i] ?? 0;
  const high = BigInt(w(0) * 65536 + w(1)) * 4294967296n + BigInt(w(2) * 65536 + w(3));
  const low = BigInt(w(4) * 65536 + w(5)) * 4294967296n + BigInt(w(6) * 65536 + w(7));
  return (high << 64n) | low;
}

/**
 * Formats a 128-bit value in RFC 5952 form: lowercase, no leading zeros, the longest run of two or
 * more zero groups compressed (the first on a tie), IPv4-mapped addresses as `::ffff:1.2.3.4`.
 */
export function formatIPv6(value: bigint): string {
  const high = BigInt.asUintN(64, value >> 64n);
  const low = BigInt.asUintN(64, value);
  const w0 = Number(high >> 32n);
  const w1 = Number(BigInt.asUintN(32, high));
  const w2 = Number(low >> 32n);
  const w3 = Number(BigInt.asUintN(32, low));
  if (w0 === 0 && w1 === 0 && w2 === 0xffff) return `::ffff:${formatIPv4(w3)}`;
  const words = [
    w0 >>> 16,
    w0 & 0xffff,
    w1 >>> 16,
    w1 & 0xffff,
    w2 >>> 16,
    w2 & 0xffff,
    w3 >>> 16,
    w3 & 0xffff,
  ];
  let bestStart = -1;
  let bestLength = 1; // a single zero group is never compressed
  let runStart = -1;
  for (let i = 0; i <= 8; i++) {
    if (i < 8 && words[i] === 0) {
      if (runStart < 0) runStart = i;
    } else if (runStart >= 0) {
      if (i - runStart > bestLength) {
        bestStart = runStart;
        bestLength = i - runStart;
      }
      runStart = -1;
    }
  }
  const hex = words.map((word) => word.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}
