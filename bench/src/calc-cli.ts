/**
 * `ipam calc --json -` on 100k lines against Debian's sipcalc and ipcalc on the same inputs.
 * Run after `npm run build`: npx tsx bench/src/calc-cli.ts   (prints a markdown table; medians)
 * It also checks the 10,000-line budget, which lives here rather than in a unit test: a busy machine
 * must not fail the suite, and a benchmark reports its load beside its figures.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineLine, median, randomSource } from './bench-utils.js';

const LINES = 100_000;
/** The interactive-size batch, and its wall-clock budget (start-up included); a miss exits 1. */
const SMALL_LINES = 10_000;
const SMALL_BUDGET_MS = 1_000;
const RUNS = 5;
/** ipcalc has no batch mode: it is timed one process per input on this many inputs, then scaled. */
const PER_PROCESS_SAMPLE = 100;
const PER_PROCESS_RUNS = 3;

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const ipam = join(root, 'packages/server/bin/ipam.js');
const dir = mkdtempSync(join(tmpdir(), 'ipam-bench-'));
const random = randomSource(7);

const ipv4Lines = Array.from({ length: LINES }, () => {
  const v = Math.floor(random() * 2 ** 32);
  return `${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}/${Math.floor(random() * 33)}`;
});
const ipv6Lines = Array.from({ length: LINES }, () => {
  const groups = Array.from({ length: 8 }, () =>
    random() < 0.3 ? '0' : Math.floor(random() * 65536).toString(16),
  );
  return `${groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::')}/${Math.floor(random() * 129)}`;
});

/** Runs a command with stdin from a file and stdout to a file; returns wall-clock milliseconds. */
function timeRun(command: string, args: string[], inputFile: string | null, outputFile: string): number {
  const stdin = inputFile === null ? 'ignore' : openSync(inputFile, 'r');
  const stdout = openSync(outputFile, 'w');
  const started = performance.now();
  const run = spawnSync(command, args, { stdio: [stdin, stdout, 'inherit'] });
  const elapsed = performance.now() - started;
  if (typeof stdin === 'number') closeSync(stdin);
  closeSync(stdout);
  if (run.error) throw run.error;
  return elapsed;
}

function medianOf(runs: number, once: () => number): number {
  return median(Array.from({ length: runs }, once));
}

/** Time of one process per input over the sample, scaled to LINES inputs. */
function perProcess(command: string, args: (line: string) => string[], lines: readonly string[]): number {
  const sample = lines.slice(0, PER_PROCESS_SAMPLE);
  const out = join(dir, 'per-process.out');
  const ms = medianOf(PER_PROCESS_RUNS, () =>
    sample.reduce((sum, line) => sum + timeRun(command, args(line), null, out), 0),
  );
  return (ms * LINES) / sample.length;
}

/** Network addresses of the IPv4 answers, to check the tools agree on what they computed. */
function agreement(ipamOut: string, sipcalcOut: string): string {
  const ours = ipamOut
    .trimEnd()
    .split('\n')
    .map((line) => (JSON.parse(line) as { networkAddress: string }).networkAddress);
  const theirs = [...sipcalcOut.matchAll(/^Network address\t+- (\S+)$/gm)].map((match) => match[1]);
  const differing = ours.filter((network, i) => network !== theirs[i]).length;
  return `${ours.length} ipam answers, ${theirs.length} sipcalc answers, ${differing} network addresses differ`;
}

/** `ms` is scaled to LINES inputs unless `inputs` says otherwise; ratios compare per-input cost. */
const rows: { name: string; how: string; ms: number; inputs?: number; base: string }[] = [];
for (const [version, lines] of [
  ['IPv4', ipv4Lines],
  ['IPv6', ipv6Lines],
] as const) {
  const input = join(dir, `${version}.txt`);
  writeFileSync(input, `${lines.join('\n')}\n`);
  const ipamOut = join(dir, `${version}.ipam.out`);
  const sipcalcOut = join(dir, `${version}.sipcalc.out`);
  const base = `${version}: ipam calc --json -`;
  rows.push({
    name: base,
    how: `one process, ${LINES.toLocaleString('en-US')} lines on stdin`,
    ms: medianOf(RUNS, () => timeRun(process.execPath, [ipam, 'calc', '--json', '-'], input, ipamOut)),
    base,
  });
  const smallInput = join(dir, `${version}.small.txt`);
  writeFileSync(smallInput, `${lines.slice(0, SMALL_LINES).join('\n')}\n`);
  rows.push({
    name: `${version}: ipam calc --json - (${SMALL_LINES.toLocaleString('en-US')} lines)`,
    how: `one process, the first ${SMALL_LINES.toLocaleString('en-US')} lines (whole run, start-up included)`,
    ms: medianOf(RUNS, () =>
      timeRun(process.execPath, [ipam, 'calc', '--json', '-'], smallInput, join(dir, 'small.out')),
    ),
    inputs: SMALL_LINES,
    base,
  });
  rows.push({
    name: `${version}: sipcalc -`,
    how: `one process, ${LINES.toLocaleString('en-US')} lines on stdin`,
    ms: medianOf(RUNS, () => timeRun('/usr/bin/sipcalc', ['-'], input, sipcalcOut)),
    base,
  });
  if (version === 'IPv4') {
    console.error(`check: ${agreement(readFileSync(ipamOut, 'utf8'), readFileSync(sipcalcOut, 'utf8'))}`);
    rows.push({
      name: 'IPv4: ipcalc -n ADDR/LEN',
      how: `one process per input (no batch mode): ${PER_PROCESS_SAMPLE} inputs timed, scaled ×${LINES / PER_PROCESS_SAMPLE}`,
      ms: perProcess('/usr/bin/ipcalc', (line) => ['-n', line], lines),
      base,
    });
    rows.push({
      name: 'IPv4: ipam calc --json ADDR/LEN',
      how: `one process per input, same ${PER_PROCESS_SAMPLE} inputs, scaled ×${LINES / PER_PROCESS_SAMPLE}`,
      ms: perProcess(process.execPath, (line) => [ipam, 'calc', '--json', line], lines),
      base,
    });
  }
}
rmSync(dir, { recursive: true, force: true });

const perInputUs = (row: (typeof rows)[number]) => (row.ms * 1000) / (row.inputs ?? LINES);
console.log(`Machine: ${machineLine()}\n`);
console.log('| command | how | median ms | per input | × ipam batch (same version, per input) |');
console.log('|---|---|---:|---:|---:|');
for (const row of rows) {
  const base = rows.find((candidate) => candidate.name === row.base) ?? row;
  const ratio = perInputUs(row) / perInputUs(base);
  console.log(
    `| ${row.name} | ${row.how} | ${row.ms.toFixed(0)} | ${perInputUs(row).toFixed(1)} µs | ${ratio.toFixed(2)}× |`,
  );
}

const budget = `${SMALL_LINES.toLocaleString('en-US')} lines in under ${SMALL_BUDGET_MS.toLocaleString('en-US')} ms`;
console.log(`\nBudget: ${budget} (median, start-up included)`);
for (const row of rows.filter((candidate) => candidate.inputs === SMALL_LINES)) {
  const isWithin = row.ms < SMALL_BUDGET_MS;
  console.log(`- ${row.name}: ${row.ms.toFixed(0)} ms, ${isWithin ? 'within budget' : 'OVER BUDGET'}`);
  if (!isWithin) process.exitCode = 1;
}
