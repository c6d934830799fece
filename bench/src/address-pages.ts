/**
 * The random-page target of issue 28: GET …/addresses?cursor=…&limit=100 on pages anywhere in the /8
 * of bench/src/address-fixture.ts (100,000 written addresses), never the same page twice, and a few
 * filtered and searched pages, at 1 and at 16 clients: p50/p95 latency and CPU per request of the
 * server process and of PostgreSQL's backends. Each tree given is served from its own checkout (its
 * fixture and server built by its own code, bench/src/tree-child.ts); the trees take turns in every
 * round, so two checkouts are compared in one sitting. Loopback only; every phase is bounded in
 * requests and time (bench/src/page-requests.ts, address-page-run.ts).
 * Run: node --conditions=source --import tsx bench/src/address-pages.ts
 *        [--engines sqlite,postgres] [--trees /path/a,/path/b] [--rounds 3]   (prints markdown tables)
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { removeTarget } from './address-fixture.js';
import { measureRun, type PhaseResult } from './address-page-run.js';
import { machineLine, median } from './bench-utils.js';
import { planRounds } from './page-requests.js';
import { buildTreeFixture, openTree, type TreeFixture } from './tree-processes.js';

type Engine = 'sqlite' | 'postgres';

/** The bars for random pages: p95 at 1 client per engine, and at 16 clients. */
const P95_BAR_MS = { 1: { sqlite: 20, postgres: 30 }, 16: { sqlite: 150, postgres: 150 } };
const ROW_LABELS = { pages: 'random pages', filtered: 'filtered and searched pages' };

interface Run extends PhaseResult {
  round: number;
  at: string;
  engine: Engine;
  tree: string;
  load: string;
}

const thisCheckout = fileURLToPath(new URL('../..', import.meta.url));
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
  if (engines.length === 0 || !Number.isInteger(rounds) || rounds < 1) {
    throw new Error('usage: --engines sqlite,postgres --trees <path>,<path> --rounds <n ≥ 1>');
  }
  // Without it the children would load each tree's built dist/ instead of its sources.
  if (!process.execArgv.includes('--conditions=source')) {
    throw new Error('run with: node --conditions=source --import tsx bench/src/address-pages.ts …');
  }
  const trees = values.trees
    .split(',')
    .map((path, i) => ({ ...openTree(path), letter: String.fromCharCode(65 + i) }));
  return { engines, trees, rounds };
}

function runsTable(runs: readonly Run[]): string[] {
  return [
    '| round | at (UTC) | engine | tree | load average 1/5/15 min | requests of | clients | requests | p50 ms | p95 ms | server CPU µs/request | PostgreSQL backends CPU µs/request |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...runs.map((run) => {
      const exited = run.postgresExitedMicros ? ` (+${micros(run.postgresExitedMicros)} exited)` : '';
      return (
        `| ${run.round} | ${run.at} | ${run.engine} | ${run.tree} | ${run.load} | ${ROW_LABELS[run.row]} | ${run.clients} | ` +
        `${run.requests} | ${ms(run.p50)} | ${ms(run.p95)} | ${micros(run.serverMicros)} | ${micros(run.postgresMicros)}${exited} |`
      );
    }),
  ];
}

/** Medians over the rounds of each engine × requests × clients × tree, with the bar for pages. */
function summaryTable(runs: readonly Run[]): string[] {
  const groups = new Map<string, Run[]>();
  for (const run of runs) {
    const key = `${run.engine}|${run.row}|${run.clients}|${run.tree}`;
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  const lines = [...groups.values()].map((group) => {
    const [first] = group;
    if (!first) return '';
    const p95s = group.map((run) => run.p95);
    const postgres = group.map((run) => run.postgresMicros).filter((value) => value !== null);
    const bar = first.row === 'pages' ? P95_BAR_MS[first.clients === 1 ? 1 : 16][first.engine] : null;
    const verdict = bar === null ? '–' : `< ${bar}: ${median(p95s) < bar ? 'yes' : '**no**'}`;
    return (
      `| ${first.engine} | ${ROW_LABELS[first.row]} | ${first.clients} | ${first.tree} | ${group.length} | ` +
      `${ms(median(group.map((run) => run.p50)))} | ${ms(median(p95s))} (${ms(Math.min(...p95s))}–${ms(Math.max(...p95s))}) | ` +
      `${verdict} | ${micros(median(group.map((run) => run.serverMicros)))} | ${postgres.length ? micros(median(postgres)) : '–'} |`
    );
  });
  return [
    '| engine | requests of | clients | tree | runs | p50 ms | p95 ms (range) | p95 bar ms | server CPU µs/request | PostgreSQL backends CPU µs/request |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...lines.sort(),
  ];
}

async function main(): Promise<void> {
  const { engines, trees, rounds } = options();
  const started = machineLine();
  const plan = planRounds(rounds);
  const fixtures = new Map<string, TreeFixture>();
  const runs: Run[] = [];
  try {
    for (const engine of engines) {
      for (const tree of trees) {
        const fixture = await buildTreeFixture(tree, engine);
        fixtures.set(`${engine} ${tree.letter}`, fixture);
        console.error(`${engine} ${tree.letter}: wrote the /8 in ${(fixture.insertMs / 1000).toFixed(1)} s`);
      }
    }
    for (const [index, requests] of plan.entries()) {
      for (const engine of engines) {
        for (const tree of trees) {
          const fixture = fixtures.get(`${engine} ${tree.letter}`);
          if (!fixture) throw new Error(`no fixture for ${engine} ${tree.letter}`);
          const context = {
            round: index + 1,
            at: new Date().toISOString().slice(11, 16),
            engine,
            tree: tree.letter,
            load: loadAverage(),
          };
          const results = await measureRun(tree, fixture, requests);
          runs.push(...results.map((result) => ({ ...context, ...result })));
          console.error(runsTable(runs.slice(-results.length)).slice(2).join('\n'));
        }
      }
    }
  } finally {
    for (const fixture of fixtures.values()) await removeTarget(fixture.target);
  }
  console.log(`Machine: ${started}; finished ${machineLine()}\n`);
  console.log(trees.map((tree) => `- tree ${tree.letter}: ${tree.path} (${tree.description})`).join('\n'));
  console.log(`\n${summaryTable(runs).join('\n')}\n\n${runsTable(runs).join('\n')}`);
}

await main();
