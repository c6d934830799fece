// Overlap detection: the sweep on 100k random prefixes, and sweep vs the O(n²) definition on 5k.
// Run: node --conditions=source --import tsx bench/src/overlap.ts
import { findOverlaps, rangeOfItem, type OverlapItem } from '@ipam/core/overlap';
import { prefixOf } from '@ipam/core/prefix';

/** Deterministic xorshift32 so every run measures the same sets. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}

/**
 * n IPv4 prefixes of random length minLength–/32 at random places, one in ten declared a child of an
 * earlier one. From /8 the big prefixes contain thousands of others (k in the millions); from /24 few collide.
 */
function randomItems(n: number, seed: number, minLength = 8): OverlapItem[] {
  const next = random(seed);
  return Array.from({ length: n }, (_, i) => ({
    id: `s${i}`,
    prefix: prefixOf(
      4,
      BigInt(Math.floor(next() * 0x100000000)),
      minLength + Math.floor(next() * (33 - minLength)),
    ),
    parentId: i > 0 && next() < 0.1 ? `s${Math.floor(next() * i)}` : undefined,
  }));
}

/** Pairs that intersect, by the definition (parent links left out: this is the cost baseline). */
function naiveCount(items: readonly OverlapItem[]): number {
  const ranges = items.map(rangeOfItem);
  let count = 0;
  for (let i = 0; i < ranges.length; i++) {
    for (let j = i + 1; j < ranges.length; j++) {
      const [a, b] = [ranges[i]!, ranges[j]!];
      if (a.version === b.version && a.start <= b.end && b.start <= a.end) count++;
    }
  }
  return count;
}

function time<T>(run: () => T): { ms: number; result: T } {
  const start = performance.now();
  const result = run();
  return { ms: performance.now() - start, result };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const RUNS = 5;
function sweepRuns(items: readonly OverlapItem[]): { times: number[]; pairs: number } {
  const times: number[] = [];
  let pairs = 0;
  for (let run = 0; run < RUNS; run++) {
    const { ms, result } = time(() => findOverlaps(items));
    times.push(ms);
    pairs = result.length;
  }
  return { times, pairs };
}
const dense = sweepRuns(randomItems(100_000, 42, 8));
const sparse = sweepRuns(randomItems(100_000, 43, 24));

const small = randomItems(5_000, 7);
const fastTimes: number[] = [];
const naiveTimes: number[] = [];
const ratios: number[] = [];
let smallPairs = 0;
let naivePairs = 0;
for (let run = 0; run < RUNS; run++) {
  const fast = time(() => findOverlaps(small));
  const naive = time(() => naiveCount(small));
  fastTimes.push(fast.ms);
  naiveTimes.push(naive.ms);
  ratios.push(naive.ms / fast.ms);
  smallPairs = fast.result.length;
  naivePairs = naive.result;
}

const f = (ms: number) => ms.toFixed(1);
console.log(`node ${process.version}, ${RUNS} runs each, medians`);
console.log('| set | method | median ms | min ms | max ms | pairs reported |');
console.log('|---|---|---|---|---|---|');
for (const [label, { times, pairs }] of [
  ['100k prefixes /8–/32', dense],
  ['100k prefixes /24–/32', sparse],
] as const) {
  console.log(
    `| ${label} | sweep | ${f(median(times))} | ${f(Math.min(...times))} | ${f(Math.max(...times))} | ${pairs} |`,
  );
}
console.log(
  `| 5k prefixes /8–/32 | sweep | ${f(median(fastTimes))} | ${f(Math.min(...fastTimes))} | ${f(Math.max(...fastTimes))} | ${smallPairs} |`,
);
console.log(
  `| 5k prefixes /8–/32 | naive O(n²) | ${f(median(naiveTimes))} | ${f(Math.min(...naiveTimes))} | ${f(Math.max(...naiveTimes))} | ${naivePairs} (parent links not skipped) |`,
);
console.log(
  `naive / sweep on 5k, per run: ${ratios.map((r) => r.toFixed(0)).join(', ')}; median ${median(ratios).toFixed(0)}×`,
);
