/**
 * The gate against slowdowns (issue 35): a short fixed set of operations — an address page, a
 * search, the next free address, a new subnet, an import of 1,000 rows — each run by one client in
 * turn against a served app on the kept small account of scale-fixture.ts (scale 0.01: 10 VRFs,
 * 1,000 subnets, 10,000 addresses), on both engines. It measures CPU time per operation (the server
 * process's, plus PostgreSQL's backends' on PostgreSQL), not latency: CPU moves far less with a noisy
 * machine. Each figure is the median of ROUNDS rounds; the check fails when one is more than 25% above
 * bench/baseline.json, which was measured on this kind of machine (2 cores; see bench/scale.md).
 *
 * Run before a release: npm run bench:check            (about 3 minutes)
 * After a change that is meant to cost more:  npm run bench:check -- --update   (writes the baseline)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { DatabaseTarget } from '@ipam/server/db/database';
import { logIn, serveBenchApp, startServer } from './bench-server.js';
import { machineLine, median } from './bench-utils.js';
import { watchBackends } from './process-cpu.js';
import {
  blockContainers,
  SCALE_PASSWORD,
  scaleAccount,
  scratchCopy,
  type ScaleAccount,
} from './scale-fixture.js';

const ROUNDS = 5;
const TOLERANCE = 1.25;
const baselineFile = new URL('../baseline.json', import.meta.url);
const adminUrl = process.env.IPAM_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Engine = 'sqlite' | 'postgres';
type Baseline = Record<Engine, Record<string, number>>;

interface Step {
  name: string;
  /** Requests per round: enough that /proc's 10 ms ticks are small beside the total. */
  count: number;
  run(i: number): Promise<void>;
}

/** The operations, each with inputs that make every call a real change where it writes. */
async function stepsFor(baseUrl: string, cookie: string, account: ScaleAccount): Promise<Step[]> {
  const base = `${baseUrl}/api/accounts/${account.accountId}`;
  const call = async (method: string, path: string, body?: string, type = 'application/json') => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': type }) },
      body,
    });
    const text = await response.text();
    if (response.status < 200 || response.status > 299) {
      throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
    }
    return text;
  };
  // A /20 of its own for the imports (10.250/16 is outside the account's layout).
  const importSubnet = JSON.parse(
    await call(
      'POST',
      '/subnets',
      JSON.stringify({
        name: 'Check imports',
        vlanId: 1,
        groupId: account.groupIds[0],
        networkIP: '10.250.0.0',
        bits: 20,
      }),
    ),
  ) as { id: string };
  const eighteens = await blockContainers(account);
  const busy = account.leaves.busy;
  const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;
  let imports = 0;
  return [
    {
      name: 'address page',
      count: 200,
      run: async (i) => void (await call('GET', `/subnets/${pick(busy, i)}/addresses?limit=100`)),
    },
    {
      name: 'search',
      count: 100,
      run: async (i) => void (await call('GET', `/search?q=dhcp${i % 5}-${1 + (i % 150)}`)),
    },
    {
      name: 'next free',
      count: 100,
      run: async (i) => void (await call('POST', `/subnets/${pick(busy, i)}/addresses/next`, '{}')),
    },
    {
      name: 'create subnet',
      count: 50,
      run: async (i) =>
        void (await call(
          'POST',
          '/subnets/next',
          JSON.stringify({
            name: `check ${i}`,
            vlanId: 2,
            groupId: account.groupIds[0],
            parentId: pick(eighteens, i),
            prefixLength: 29,
          }),
        )),
    },
    {
      name: 'import 1,000 rows',
      count: 5,
      run: async () => {
        imports += 1;
        const rows = Array.from(
          { length: 1000 },
          (_, i) => `10.250.${(i + 1) >> 8}.${(i + 1) & 255},In Use,imp-${imports}-${i}.example.net`,
        );
        await call(
          'POST',
          `/subnets/${importSubnet.id}/addresses/import?dryRun=false`,
          ['ipAddress,status,hostname', ...rows].join('\n'),
          'text/csv',
        );
      },
    },
  ];
}

async function measure(kind: Engine): Promise<Record<string, number>> {
  // Every check starts from the same data: a copy of the kept account, dropped at the end.
  const copy = await scratchCopy(await scaleAccount(kind, 0.01));
  const { account } = copy;
  const server = await startServer(new URL(import.meta.url).pathname, account.target);
  const { target } = account;
  const backends =
    target.kind === 'postgres' ? await watchBackends(adminUrl, new URL(target.url).pathname.slice(1)) : null;
  try {
    const cookie = await logIn(server.baseUrl, account.ownerEmail, SCALE_PASSWORD);
    const steps = await stepsFor(server.baseUrl, cookie, account);
    const perRound = new Map<string, number[]>(steps.map((step) => [step.name, []]));
    let calls = 0;
    for (let round = 0; round <= ROUNDS; round++) {
      for (const step of steps) {
        const cpuBefore = await server.cpuMicros();
        const end = backends ? await backends.start() : null;
        for (let i = 0; i < step.count; i++) await step.run(calls++);
        const cpu = (await server.cpuMicros()) - cpuBefore + (end ? (await end()).micros : 0);
        // Round 0 warms up (code compiled, caches and statements prepared).
        if (round > 0) perRound.get(step.name)?.push(cpu / step.count);
      }
    }
    return Object.fromEntries([...perRound].map(([name, values]) => [name, Math.round(median(values))]));
  } finally {
    await backends?.close();
    server.stop();
    await new Promise((resolve) => setTimeout(resolve, 500)); // its connections close before the drop
    await copy.drop();
  }
}

if (process.argv[2] === 'serve') {
  await serveBenchApp(JSON.parse(process.argv[3] ?? '{}') as DatabaseTarget);
} else {
  const update = process.argv.includes('--update');
  console.log(`Machine: ${machineLine()}`);
  const measured = {} as Baseline;
  for (const kind of ['sqlite', 'postgres'] as const) measured[kind] = await measure(kind);
  if (update) {
    writeFileSync(baselineFile, `${JSON.stringify({ measuredAt: machineLine(), ...measured }, null, 2)}\n`);
    console.log(`baseline written: ${JSON.stringify(measured)}`);
  } else {
    const baseline = JSON.parse(readFileSync(baselineFile, 'utf8')) as Baseline;
    let failed = 0;
    console.log('| engine | operation | baseline CPU µs | now CPU µs | change | |');
    console.log('|---|---|---|---|---|---|');
    for (const kind of ['sqlite', 'postgres'] as const) {
      for (const [name, now] of Object.entries(measured[kind])) {
        const before = baseline[kind]?.[name];
        const over = before !== undefined && now > before * TOLERANCE;
        if (over) failed += 1;
        const change = before ? `${(((now - before) / before) * 100).toFixed(0)}%` : 'new';
        console.log(
          `| ${kind} | ${name} | ${before ?? '–'} | ${now} | ${change} | ${over ? 'SLOWER' : 'ok'} |`,
        );
      }
    }
    console.log(
      `load average now ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    if (failed > 0) {
      console.error(
        `bench:check: ${failed} operation(s) cost more than ${Math.round((TOLERANCE - 1) * 100)}% over bench/baseline.json`,
      );
      process.exitCode = 1;
    }
  }
}
