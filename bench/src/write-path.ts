/**
 * The write path (issue 35): one client in a closed loop against a real server (`ipam start` of the
 * tree measured, in a child process): PUTs of one address of a /24 (each a real change: status,
 * hostname and the status counts alternate), next-free POSTs on a /24 holding one address, and
 * next-free POSTs on a /19 whose first 3,000 addresses are written, and GET /api/health for the floor
 * every request of that server pays at one client. Per call: p50/p95 latency, CPU of
 * the server process and of PostgreSQL's backends, and statements the server sent to its database
 * (bench/src/write-path-server.ts counts them). Each tree is served from its own checkout on data its
 * own code wrote (bench/src/write-path-fixture.ts); the trees take turns in every round.
 * Run: node --conditions=source --import tsx bench/src/write-path.ts
 *        [--engines sqlite,postgres] [--trees /path/a,/path/b] [--rounds 3]   (prints markdown tables)
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { removeTarget } from './address-fixture.js';
import { machineLine, median } from './bench-utils.js';
import { openTree, type Tree } from './tree-processes.js';
import type { WritePathFixture } from './write-path-fixture.js';
import { CALLS, measureRun, type PhaseResult } from './write-path-run.js';

type Engine = 'sqlite' | 'postgres';

interface Run extends PhaseResult {
  round: number;
  at: string;
  engine: Engine;
  tree: string;
  load: string;
}

const thisCheckout = fileURLToPath(new URL('../..', import.meta.url));
const fixtureScript = fileURLToPath(new URL('./write-path-fixture.ts', import.meta.url));
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const ms = (value: number) => value.toFixed(1);
const micros = (value: number | null) => (value === null ? '–' : value.toFixed(0));

function options() {
  const { values } = parseArgs({
    options: {
      engines: { type: 'string', default: 'sqlite,postgres' },
      trees: { type: 'string', default: thisCheckout },
      rounds: { type: 'string', default: '3' },
    },
  });
  const engines = values.engines
    .split(',')
    .filter((name): name is Engine => name === 'sqlite' || name === 'postgres');
  const rounds = Number(values.rounds);
  if (engines.length === 0 || !Number.isInteger(rounds) || rounds < 1 || rounds > 20) {
    throw new Error('usage: --engines sqlite,postgres --trees <path>,<path> --rounds <1…20>');
  }
  // Without it the children would load each tree's built dist/ instead of its sources.
  if (!process.execArgv.includes('--conditions=source')) {
    throw new Error('run with: node --conditions=source --import tsx bench/src/write-path.ts …');
  }
  const trees = values.trees
    .split(',')
    .map((path, i) => ({ ...openTree(path), letter: String.fromCharCode(65 + i) }));
  return { engines, trees, rounds };
}

/** Builds the tree's data (bench/src/write-path-fixture.ts, the tree's own code) in a child process. */
function buildFixture(tree: Tree, engine: Engine, rounds: number): Promise<WritePathFixture> {
  const child = fork(fixtureScript, [tree.path, engine, String(rounds)], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (fixture: WritePathFixture) => resolve(fixture));
    child.once('exit', (code) => reject(new Error(`fixture of ${tree.path} exited with ${code}`)));
  });
}

function runsTable(runs: readonly Run[]): string[] {
  return [
    '| round | at (UTC) | engine | tree | load average 1/5/15 min | call | calls | p50 ms | p95 ms | server CPU µs/call | PostgreSQL backends CPU µs/call | statements/call |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...runs.map((run) => {
      const exited = run.postgresExitedMicros ? ` (+${micros(run.postgresExitedMicros)} exited)` : '';
      return (
        `| ${run.round} | ${run.at} | ${run.engine} | ${run.tree} | ${run.load} | ${run.operation} | ${run.calls} | ` +
        `${ms(run.p50)} | ${ms(run.p95)} | ${micros(run.serverMicros)} | ${micros(run.postgresMicros)}${exited} | ` +
        `${run.statements.toFixed(2)} |`
      );
    }),
  ];
}

/** Medians over the rounds of each engine × call × tree; CPU summed over the server and PostgreSQL. */
function summaryTable(runs: readonly Run[]): string[] {
  const groups = new Map<string, Run[]>();
  for (const run of runs) {
    const key = `${run.engine}|${run.operation}|${run.tree}`;
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  const lines = [...groups.values()].map((group) => {
    const [first] = group;
    if (!first) return '';
    const p95s = group.map((run) => run.p95);
    const postgres = group.map((run) => run.postgresMicros).filter((value) => value !== null);
    const total = median(group.map((run) => run.serverMicros + (run.postgresMicros ?? 0)));
    return (
      `| ${first.engine} | ${first.operation} | ${first.tree} | ${group.length} | ` +
      `${ms(median(group.map((run) => run.p50)))} | ${ms(median(p95s))} (${ms(Math.min(...p95s))}–${ms(Math.max(...p95s))}) | ` +
      `${micros(median(group.map((run) => run.serverMicros)))} | ${postgres.length ? micros(median(postgres)) : '–'} | ` +
      `${micros(total)} | ${median(group.map((run) => run.statements)).toFixed(2)} |`
    );
  });
  return [
    '| engine | call | tree | runs | p50 ms | p95 ms (range) | server CPU µs/call | PostgreSQL backends CPU µs/call | CPU µs/call, all processes | statements/call |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...lines.sort(),
  ];
}

async function main(): Promise<void> {
  const { engines, trees, rounds } = options();
  const started = machineLine();
  const fixtures = new Map<string, WritePathFixture>();
  const runs: Run[] = [];
  try {
    for (const engine of engines) {
      for (const tree of trees)
        fixtures.set(`${engine} ${tree.letter}`, await buildFixture(tree, engine, rounds));
    }
    for (let round = 1; round <= rounds; round++) {
      for (const engine of engines) {
        for (const tree of trees) {
          const fixture = fixtures.get(`${engine} ${tree.letter}`);
          if (!fixture) throw new Error(`no fixture for ${engine} ${tree.letter}`);
          const context = {
            round,
            at: new Date().toISOString().slice(11, 16),
            engine,
            tree: tree.letter,
            load: loadAverage(),
          };
          const results = await measureRun(tree.path, fixture, round);
          runs.push(...results.map((result) => ({ ...context, ...result })));
          console.error(runsTable(runs.slice(-results.length)).slice(2).join('\n'));
        }
      }
    }
  } finally {
    for (const fixture of fixtures.values()) await removeTarget(fixture.target);
  }
  console.log(`Machine: ${started}; finished ${machineLine()}\n`);
  console.log(
    `Calls per run: ${CALLS.put} PUTs, ${CALLS.nextFree} next-free on each subnet, after a warm-up.\n`,
  );
  console.log(trees.map((tree) => `- tree ${tree.letter}: ${tree.path} (${tree.description})`).join('\n'));
  console.log(`\n${summaryTable(runs).join('\n')}\n\n${runsTable(runs).join('\n')}`);
}

await main();
