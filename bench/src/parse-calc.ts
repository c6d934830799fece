/**
 * Parse + calculate 1M random IPv4 and 1M random IPv6 inputs in process; parse-only figures too.
 * Run: npx tsx bench/src/parse-calc.ts   (prints a markdown table; medians of RUNS runs)
 */
import { calculateIPv4 } from '@ipam/core/calculator-ipv4';
import { calculateIPv6 } from '@ipam/core/calculator-ipv6';
import { parseIPv4 } from '@ipam/core/ipv4';
import { parseIPv6 } from '@ipam/core/ipv6';
import { machineLine, median, randomIPv4Input, randomIPv6Input, randomSource } from './bench-utils.js';

const COUNT = 1_000_000;
const RUNS = 7;

const random = randomSource(42);
const ipv4Inputs = Array.from({ length: COUNT }, () => randomIPv4Input(random));
const ipv6Inputs = Array.from({ length: COUNT }, () => randomIPv6Input(random));

/** Milliseconds per pass over all inputs, median of RUNS after one warm-up pass. */
function measure(pass: () => number): { median: number; all: number[] } {
  pass();
  const all: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const checksum = pass();
    all.push(performance.now() - started);
    if (checksum !== COUNT) throw new Error(`expected ${COUNT} results, got ${checksum}`);
  }
  return { median: median(all), all };
}

const cases: [string, () => number][] = [
  ['parseIPv4 (address only)', () => ipv4Inputs.reduce((n, [a]) => n + (parseIPv4(a) === null ? 0 : 1), 0)],
  [
    'calculateIPv4 (parse address + mask, full result)',
    () => ipv4Inputs.reduce((n, [a, m]) => n + (calculateIPv4(a, m).ok ? 1 : 0), 0),
  ],
  ['parseIPv6 (address only)', () => ipv6Inputs.reduce((n, [a]) => n + (parseIPv6(a) === null ? 0 : 1), 0)],
  [
    'calculateIPv6 (parse address + prefix, full result)',
    () => ipv6Inputs.reduce((n, [a, m]) => n + (calculateIPv6(a, m).ok ? 1 : 0), 0),
  ],
];

console.log(`Machine: ${machineLine()}\n`);
console.log(
  `| operation, ${COUNT.toLocaleString('en-US')} random inputs | median ms | per input | runs (ms) |`,
);
console.log('|---|---:|---:|---|');
for (const [name, pass] of cases) {
  const { median: ms, all } = measure(pass);
  const perInput = `${((ms * 1e6) / COUNT).toFixed(0)} ns`;
  console.log(`| ${name} | ${ms.toFixed(0)} | ${perInput} | ${all.map((v) => v.toFixed(0)).join(', ')} |`);
}
