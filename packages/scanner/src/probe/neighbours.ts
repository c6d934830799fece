import { readFile } from 'node:fs/promises';
import { formatAddress, parseAddress } from '@ipam/core/ip-address';
import { runProgram } from './run-program.js';
import type { Tools } from './tools.js';

/** One entry of the kernel's neighbour table (ARP for IPv4, NDP for IPv6). */
export interface Neighbour {
  /** Canonical address text, zone dropped. */
  readonly address: string;
  /** Lower-case hardware address, or null when the entry has none (FAILED, INCOMPLETE). */
  readonly mac: string | null;
  /** The kernel confirmed the host within the last seconds (REACHABLE, DELAY, PROBE). */
  readonly isFresh: boolean;
  /** Address resolution got no answer (FAILED, INCOMPLETE): nothing is at this address on the link. */
  readonly isAbsent: boolean;
}

const MAC_PATTERN = /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/;
const FRESH_STATES = new Set(['REACHABLE', 'DELAY', 'PROBE']);

function canonicalAddress(text: string): string | null {
  const parsed = parseAddress(text.split('%')[0] ?? '');
  return parsed === null ? null : formatAddress(parsed.version, parsed.value);
}

function usableMac(text: string | undefined): string | null {
  const mac = text?.toLowerCase();
  return mac !== undefined && MAC_PATTERN.test(mac) && mac !== '00:00:00:00:00:00' ? mac : null;
}

/** States of an entry whose address resolution got no answer: no host is there, on the link. */
const FAILED_STATES = new Set(['FAILED', 'INCOMPLETE']);

/** Parses `ip neigh show`: `ADDR dev IF [lladdr MAC] [router] STATE`, one entry a line. */
export function parseIpNeighbour(text: string): Neighbour[] {
  const neighbours: Neighbour[] = [];
  for (const line of text.split('\n')) {
    const words = line.trim().split(/\s+/);
    const address = canonicalAddress(words[0] ?? '');
    if (address === null) continue;
    const lladdr = words.indexOf('lladdr');
    const mac = lladdr >= 0 ? usableMac(words[lladdr + 1]) : null;
    const state = words.at(-1) ?? '';
    neighbours.push({
      address,
      mac,
      isFresh: mac !== null && FRESH_STATES.has(state),
      isAbsent: mac === null && FAILED_STATES.has(state),
    });
  }
  return neighbours;
}

/** Parses /proc/net/arp (IPv4 only; says nothing of freshness, so it gives MACs but proves no host). */
export function parseProcArp(text: string): Neighbour[] {
  const neighbours: Neighbour[] = [];
  for (const line of text.split('\n').slice(1)) {
    const [ip = '', , flags = '', hwAddress] = line.trim().split(/\s+/);
    const address = canonicalAddress(ip);
    // Flag 0x2 (ATF_COM): the entry is complete.
    if (address === null || (Number.parseInt(flags, 16) & 0x2) === 0) continue;
    neighbours.push({ address, mac: usableMac(hwAddress), isFresh: false, isAbsent: false });
  }
  return neighbours;
}

/** The addresses the neighbour table says nobody answered at (for the TCP fallback to skip). */
export async function absentNeighbours(tools: Pick<Tools, 'ip'>): Promise<Set<string>> {
  const neighbours = await readNeighbours(tools);
  return new Set(neighbours.filter((entry) => entry.isAbsent).map((entry) => entry.address));
}

/** The neighbour table from `ip neigh show`, else /proc/net/arp, else nothing (not Linux). */
export async function readNeighbours(tools: Pick<Tools, 'ip'>): Promise<Neighbour[]> {
  if (tools.ip !== null) {
    const result = await runProgram(tools.ip, ['neigh', 'show'], 5_000).catch(() => null);
    if (result?.exitCode === 0) return parseIpNeighbour(result.stdout);
  }
  try {
    return parseProcArp(await readFile('/proc/net/arp', 'utf8'));
  } catch {
    return [];
  }
}
