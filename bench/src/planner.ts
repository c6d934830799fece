/**
 * The network planner at its caps: validating 10,000 subnets in core and through the API, splitting a
 * /16 into 4,096 children through the API, and exporting 10,000 subnets as CSV, JSON and XLSX (time
 * and size), on SQLite and PostgreSQL. Medians of several runs in one process.
 * Run: node --conditions=source --import tsx bench/src/planner.ts   (prints a markdown report)
 */
import { validatePlan } from '@ipam/core/plan-validation';
import { insertPlanSubnets } from '@ipam/server/planner/plan-subnet-repository';
import { machineLine, median } from './bench-utils.js';
import { planSubnets, startPlannerBench, type PlannerBench } from './planner-fixture.js';

const RUNS = 9;
const SPLIT_RUNS = 5;
const rows: string[] = [];

async function timed(runs: number, run: () => Promise<unknown> | unknown): Promise<number[]> {
  await run(); // warm-up, not counted
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

function row(engine: string, what: string, times: readonly number[], target: string, extra = ''): void {
  const figures = [median(times), Math.min(...times), Math.max(...times)].map((ms) => ms.toFixed(1));
  rows.push(`| ${engine} | ${what} | ${figures.join(' | ')} | ${target} | ${extra} |`);
}

async function expectStatus(
  bench: PlannerBench,
  method: string,
  path: string,
  status: number,
  body?: unknown,
) {
  const response = await bench.call(method, path, body);
  if (response.status !== status)
    throw new Error(`${method} ${path}: ${response.status} ${response.bytes.toString()}`);
  return response;
}

async function newPlan(bench: PlannerBench, name: string): Promise<string> {
  const response = await expectStatus(bench, 'POST', '/plans', 201, { name });
  return (JSON.parse(response.bytes.toString()) as { id: string }).id;
}

async function measureEngine(kind: 'sqlite' | 'postgres'): Promise<void> {
  const bench = await startPlannerBench(kind);
  try {
    const planId = await newPlan(bench, 'Ten thousand');
    await insertPlanSubnets(bench.db, planSubnets(planId));
    const validate = await timed(RUNS, () =>
      expectStatus(bench, 'POST', `/plans/${planId}/validate`, 200, {}),
    );
    row(kind, 'POST validate, 10,000 subnets', validate, kind === 'sqlite' ? '< 500 ms' : '');
    const read = await timed(RUNS, () => expectStatus(bench, 'GET', `/plans/${planId}`, 200));
    row(kind, 'GET the plan, 10,000 subnets', read, '');

    const split: number[] = [];
    for (let i = 0; i <= SPLIT_RUNS; i++) {
      const splitPlan = await newPlan(bench, `Split ${i}`);
      const parent = await expectStatus(bench, 'POST', `/plans/${splitPlan}/subnets`, 201, {
        name: 'Campus',
        networkAddress: '10.0.0.0',
        cidr: 16,
      });
      const parentId = (JSON.parse(parent.bytes.toString()) as { id: string }).id;
      const started = performance.now();
      const done = await expectStatus(bench, 'POST', `/plans/${splitPlan}/subnets/${parentId}/split`, 201, {
        newCidr: 28,
      });
      if (i > 0) split.push(performance.now() - started); // the first run warms up
      if ((JSON.parse(done.bytes.toString()) as { childIds: string[] }).childIds.length !== 4096)
        throw new Error('split');
    }
    row(kind, 'POST split /16 → 4,096 /28s', split, '< 1 s');

    for (const format of ['csv', 'json', 'xlsx'] as const) {
      let size = 0;
      const times = await timed(format === 'xlsx' ? 5 : RUNS, async () => {
        size = (
          await expectStatus(bench, 'GET', `/plans/${planId}/export?format=${format}&validation=true`, 200)
        ).bytes.length;
      });
      row(
        kind,
        `GET export ${format.toUpperCase()}, 10,000 subnets`,
        times,
        '',
        `${(size / 1024).toFixed(0)} KiB`,
      );
    }
  } finally {
    await bench.close();
  }
}

const core = planSubnets('core');
const coreTimes = await timed(15, () => validatePlan(core, new Date()));
row('core', 'validatePlan, 10,000 subnets', coreTimes, '< 100 ms');
await measureEngine('sqlite');
await measureEngine('postgres');

console.log(`Planner benchmark — ${machineLine()}\n`);
console.log('| engine | operation | median ms | min ms | max ms | target | size |');
console.log('|---|---|---|---|---|---|---|');
for (const line of rows) console.log(line);
