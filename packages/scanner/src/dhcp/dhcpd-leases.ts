import type { Prefix } from '@ipam/core/prefix';
import type { Sighting } from '../scan/sightings.js';
import { tokensOfLine, type DhcpdToken } from './dhcpd-tokens.js';
import { LeaseTable } from './lease-table.js';
import { forEachLine, LeaseFileError, type LineAnswer } from './line-reader.js';

/** Blocks nest a few levels (ia-na › iaaddr › on expiry); far deeper is no lease file. */
const MAX_DEPTH = 32;
/** Words kept of one statement: the longest we read has four (`ends 4 2026/11/26 10:00:00`). */
const MAX_STATEMENT_WORDS = 16;

/** A lease block being read: `lease ADDR { … }` (IPv4) or `iaaddr ADDR { … }` inside `ia-na`/`ia-ta`. */
interface LeaseBlock {
  readonly kind: 'lease';
  readonly address: string;
  ends: number;
  binding: string | null;
  mac: string | null;
  hostname: string | null;
}

type Block = LeaseBlock | { readonly kind: 'ia' | 'other' };

/**
 * A dhcpd time: `W YYYY/MM/DD HH:MM:SS` in UTC (the default db-time-format), `epoch SECONDS` (db-time-format
 * local) or `never`, in milliseconds (Infinity for never); NaN when it is none of these.
 */
export function dhcpdTime(words: readonly string[]): number {
  if (words[0] === 'never') return Infinity;
  if (words[0] === 'epoch') return /^\d+$/.test(words[1] ?? '') ? Number(words[1]) * 1000 : NaN;
  const date = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/.exec(words[1] ?? '');
  const time = /^(\d{1,2}):(\d{2}):(\d{2})$/.exec(words[2] ?? '');
  if (date === null || time === null) return NaN;
  const [year, month, day] = date.slice(1).map(Number) as [number, number, number];
  const [hours, minutes, seconds] = time.slice(1).map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day, hours, minutes, seconds);
}

function blockOf(header: readonly string[], parent: Block | undefined): Block {
  const [keyword, address = ''] = header;
  if (parent === undefined && keyword === 'lease') {
    return { kind: 'lease', address, ends: Infinity, binding: null, mac: null, hostname: null };
  }
  if (parent === undefined && (keyword === 'ia-na' || keyword === 'ia-ta')) return { kind: 'ia' };
  // ia-pd's iaprefix blocks are delegated prefixes, not addresses: they stay `other`.
  if (parent?.kind === 'ia' && keyword === 'iaaddr') {
    return { kind: 'lease', address, ends: Infinity, binding: null, mac: null, hostname: null };
  }
  return { kind: 'other' };
}

/** dhcpd's MAC text with every byte in two digits (old versions wrote `2:0:…` for `02:00:…`). */
export function paddedMac(text: string): string {
  return /^[0-9a-f]{1,2}(:[0-9a-f]{1,2}){5}$/i.test(text)
    ? text
        .split(':')
        .map((byte) => byte.padStart(2, '0'))
        .join(':')
    : text;
}

/** Takes what a sighting needs from one statement of a lease block; every other statement is ignored. */
function readStatement(block: LeaseBlock, words: readonly string[]): void {
  const [keyword, ...rest] = words;
  if (keyword === 'ends') block.ends = dhcpdTime(rest);
  else if (keyword === 'binding' && rest[0] === 'state') block.binding = rest[1] ?? null;
  else if (keyword === 'hardware' && rest[0] === 'ethernet') block.mac = paddedMac(rest[1] ?? '');
  else if (keyword === 'client-hostname') block.hostname = rest[0] ?? null;
  else if (keyword === 'abandoned') block.binding = 'abandoned';
}

/**
 * A line handler for ISC dhcpd's lease file (`dhcpd.leases`, and dhcpd -6's `dhcpd6.leases`): lease blocks
 * are read as they close, the last one of an address winning (dhcpd appends a block for each change).
 * Active: `binding state active` (a block without one, from dhcpd 2, counts as active) and not ended.
 * Comments, unknown statements and blocks (failover, host, on commit …) are skipped.
 */
export function dhcpdLeaseLines(path: string, table: LeaseTable): (line: string) => LineAnswer {
  const stack: Block[] = [];
  let words: string[] = [];
  const onToken = (token: DhcpdToken) => {
    if (token.kind === 'word' || token.kind === 'string') {
      if (words.length < MAX_STATEMENT_WORDS) words.push(token.text);
      return;
    }
    const top = stack.at(-1);
    if (token.kind === ';') {
      if (top?.kind === 'lease') readStatement(top, words);
    } else if (token.kind === '{') {
      if (stack.length >= MAX_DEPTH)
        throw new LeaseFileError(`${path}: blocks nested too deep; not a dhcpd lease file`);
      stack.push(blockOf(words, top));
    } else {
      stack.pop();
      if (top?.kind === 'lease') {
        table.record({
          address: top.address,
          mac: top.mac,
          hostname: top.hostname,
          expiresAt: Number.isNaN(top.ends) ? 0 : top.ends,
          isBound: top.binding === null || top.binding === 'active',
        });
      }
    }
    words = [];
  };
  return (line) => {
    for (const token of tokensOfLine(line)) onToken(token);
  };
}

/** The active leases of an ISC dhcpd lease file inside `prefix`, as sightings. */
export async function readDhcpdLeases(path: string, prefix: Prefix, now = Date.now()): Promise<Sighting[]> {
  const table = new LeaseTable(prefix, now);
  await forEachLine(path, dhcpdLeaseLines(path, table));
  return table.sightings();
}
