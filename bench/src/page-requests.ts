/**
 * The requests of the random-page bench on the /8 of bench/src/address-fixture.ts: pages after random
 * cursors spread over the whole /8 (no page asked twice in a sitting), and filtered or searched pages.
 * Every sitting asks the same requests (fixed seeds); round r of every tree asks round r's.
 */
import { randomSource } from './bench-utils.js';

export const PAGE_LIMIT = 100;
/** The /8's listed addresses run from 10.0.0.1 to 10.255.255.254; the last cursor leaves a full page. */
const FIRST = 10 * 2 ** 24 + 1;
const LAST_CURSOR = 11 * 2 ** 24 - 2 - PAGE_LIMIT;

/** How many requests a round sends per kind: a warm-up (4 clients), then at 1 and at 16 clients. */
export const ROUND_REQUESTS = {
  pages: { warmUp: 400, atOne: 300, atSixteen: 1600 },
  filtered: { warmUp: 12, atOne: 48, atSixteen: 192 },
};

type Phases = Record<keyof (typeof ROUND_REQUESTS)['pages'], string[]>;

/** The request paths (after the subnet's `…/addresses`) of one round. */
export interface RoundRequests {
  pages: Phases;
  filtered: Phases;
}

const ipv4 = (value: number) =>
  `${value >>> 24}.${(value >>> 16) & 255}.${(value >>> 8) & 255}.${value & 255}`;

/**
 * `count` cursors spread over the whole /8: one random address in each of `count` equal slices, in
 * random order. A page never reaches the next slice, so no two pages share an address.
 */
function spreadCursors(count: number, random: () => number): number[] {
  const slice = Math.floor((LAST_CURSOR - FIRST + 1) / count);
  if (slice < 2 * PAGE_LIMIT) throw new Error(`${count} pages do not fit apart in the /8`);
  const cursors = Array.from(
    { length: count },
    (_, i) => FIRST + i * slice + Math.floor(random() * (slice - PAGE_LIMIT)),
  );
  for (let i = cursors.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [cursors[i], cursors[j]] = [cursors[j] ?? 0, cursors[i] ?? 0];
  }
  return cursors;
}

/**
 * A filtered or searched page, by turns: In Use and Available after a random cursor, then the first
 * page of a search for a random written hostname (`host-k-i`, 11 matches) or a random /24's prefix.
 */
function filteredPath(n: number, cursor: number, random: () => number): string {
  const turn = n % 4;
  if (turn === 0) return `?filter=in-use&cursor=${ipv4(cursor)}&limit=${PAGE_LIMIT}`;
  if (turn === 1) return `?filter=available&cursor=${ipv4(cursor)}&limit=${PAGE_LIMIT}`;
  if (turn === 2)
    return `?q=host-${Math.floor(random() * 10)}-${100 + Math.floor(random() * 700)}&limit=${PAGE_LIMIT}`;
  return `?q=${ipv4(cursor).replace(/\d+$/, '')}&limit=${PAGE_LIMIT}`;
}

/** The requests of every round of a sitting of `rounds` rounds. */
export function planRounds(rounds: number): RoundRequests[] {
  const perRound = (phases: Record<keyof Phases, number>) => phases.warmUp + phases.atOne + phases.atSixteen;
  const pageCursors = spreadCursors(rounds * perRound(ROUND_REQUESTS.pages), randomSource(8));
  const filterRandom = randomSource(28);
  const filterCursors = spreadCursors(rounds * perRound(ROUND_REQUESTS.filtered), filterRandom);
  const filtered = filterCursors.map((cursor, n) => filteredPath(n, cursor, filterRandom));
  const pages = pageCursors.map((cursor) => `?cursor=${ipv4(cursor)}&limit=${PAGE_LIMIT}`);
  const take = (paths: string[], round: number, counts: Record<keyof Phases, number>): Phases => {
    let at = round * perRound(counts);
    const next = (count: number) => paths.slice(at, (at += count));
    return { warmUp: next(counts.warmUp), atOne: next(counts.atOne), atSixteen: next(counts.atSixteen) };
  };
  return Array.from({ length: rounds }, (_, round) => ({
    pages: take(pages, round, ROUND_REQUESTS.pages),
    filtered: take(filtered, round, ROUND_REQUESTS.filtered),
  }));
}
