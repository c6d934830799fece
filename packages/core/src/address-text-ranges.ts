import type { IpVersion } from './prefix.js';

/** An inclusive range of addresses of one version. */
export interface AddressRange {
  version: IpVersion;
  first: bigint;
  last: bigint;
}

/** More ranges than this and a text is treated as able to occur anywhere. */
export const MAX_TEXT_RANGES = 128;

const OCTETS = Array.from({ length: 256 }, (_, value) => value);
const IPV4_MAPPED_BLOCK = 0xffff00000000n;

/** A whole octet as canonical text writes it (no leading zero): its value, else null. */
function octetOf(text: string): number | null {
  if (!/^(0|[1-9][0-9]{0,2})$/.test(text)) return null;
  const value = Number(text);
  return value <= 255 ? value : null;
}

/** Runs of consecutive octet values, as [low, high] pairs. */
function runsOf(values: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const value of values) {
    const last = runs.at(-1);
    if (last && last[1] === value - 1) last[1] = value;
    else runs.push([value, value]);
  }
  return runs;
}

/**
 * The ranges holding every address whose canonical text contains `text`, when the text pins them
 * down to a few: a text of digits with three dots (`10.57.1.`, `0.8.200.1`) can only sit across all
 * four octets of a dotted address, so the first octet ends with its first part, the middle two are
 * its middle parts and the last starts with its last part; IPv4-mapped IPv6 addresses
 * (`::ffff:10.57.1.5`) write the same text. An empty list: no address text can contain it (four dots).
 * Null: the text could occur in more than MAX_TEXT_RANGES places (the caller looks everywhere).
 */
export function addressTextRanges(text: string): AddressRange[] | null {
  if (!/^[0-9.]+$/.test(text)) return null;
  const parts = text.split('.');
  if (parts.length > 4) return [];
  if (parts.length < 4) return null;
  const [head = '', second = '', third = '', tail = ''] = parts;
  const middle = [octetOf(second), octetOf(third)];
  const [b, c] = middle;
  if (b === null || b === undefined || c === null || c === undefined) return [];
  const firsts = OCTETS.filter((value) => String(value).endsWith(head));
  const lasts = runsOf(OCTETS.filter((value) => String(value).startsWith(tail)));
  if (firsts.length * lasts.length > MAX_TEXT_RANGES) return null;
  const ranges: AddressRange[] = [];
  for (const a of firsts) {
    const base = (BigInt(a) << 24n) | (BigInt(b) << 16n) | (BigInt(c) << 8n);
    for (const [low, high] of lasts) {
      ranges.push({ version: 4, first: base | BigInt(low), last: base | BigInt(high) });
    }
  }
  return [
    ...ranges,
    ...ranges.map((range) => ({
      version: 6 as const,
      first: IPV4_MAPPED_BLOCK | range.first,
      last: IPV4_MAPPED_BLOCK | range.last,
    })),
  ];
}
