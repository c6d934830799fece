/**
 * Sparse addresses on a /8 with 100,000 written addresses: list pages, filters, search and the used
 * percentage (median ms, SQLite and PostgreSQL), then HTTP throughput of the list route and of address
 * PUTs against /api/health of the same server in the same run (autocannon in this process, the server
 * in a child process so each has its own event loop).
 * Run: node --conditions=source --import tsx bench/src/addresses.ts   (prints a markdown report)
 */
import { fileURLToPath } from 'node:url';
import { listedAddresses, usedPercent } from '@ipam/core/address-listing';
import { addressPageResponse } from '@ipam/core/api/ipam';
import { readStatusCounts } from '@ipam/server/addresses/address-count-repository';
import { readAddressPage, type AddressPageRequest } from '@ipam/server/addresses/address-page';
import type { DatabaseTarget } from '@ipam/server/db/database';
import { setUp, WRITTEN, type Setup } from './address-fixture.js';
import {
  autocannon,
  logIn,
  serveBenchApp,
  startServer,
  type BenchServer,
  type LoadResult,
} from './bench-server.js';
import { machineLine, median, timeMedian } from './bench-utils.js';

const LOAD_RUNS = 3;
const LOAD_SECONDS = 4;
const CONNECTIONS = 10;
/** To iterate faster: `IPAM_BENCH_ENGINES=postgres` runs one engine, `IPAM_BENCH_LIST_ONLY=1` only health and list. */
const ENGINES = (process.env.IPAM_BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const LIST_ONLY = process.env.IPAM_BENCH_LIST_ONLY === '1';

const ip = (a: number, b: number, c: number, d: number) => `${a}.${b}.${c}.${d}`;

/** The page requests measured; "deep" cursors sit in the middle of the /8. */
const pageCases: { name: string; request: AddressPageRequest; expectItems: number }[] = [
  {
    name: 'first page (100)',
    request: { filter: null, q: null, cursor: null, limit: 100 },
    expectItems: 100,
  },
  {
    name: 'deep page, never-written region (cursor 10.128.0.0)',
    request: { filter: null, q: null, cursor: ip(10, 128, 0, 0), limit: 100 },
    expectItems: 100,
  },
  {
    name: 'deep page inside a written block (cursor 10.126.20.0)',
    request: { filter: null, q: null, cursor: ip(10, 126, 20, 0), limit: 100 },
    expectItems: 100,
  },
  {
    name: 'available filter, deep, never-written region (cursor 10.128.0.0)',
    request: { filter: 'available', q: null, cursor: ip(10, 128, 0, 0), limit: 100 },
    expectItems: 100,
  },
  {
    name: 'available filter, deep, at a block of 9,500 used addresses (cursor 10.126.0.0)',
    request: { filter: 'available', q: null, cursor: ip(10, 126, 0, 0), limit: 100 },
    expectItems: 100,
  },
  {
    name: 'in-use filter, deep (cursor 10.126.20.0)',
    request: { filter: 'in-use', q: null, cursor: ip(10, 126, 20, 0), limit: 100 },
    expectItems: 100,
  },
  {
    name: 'search "10.200.7." (never-written matches)',
    request: { filter: null, q: '10.200.7.', cursor: null, limit: 100 },
    expectItems: 100,
  },
  {
    name: 'search "10.126.5." (written matches)',
    request: { filter: null, q: '10.126.5.', cursor: null, limit: 100 },
    expectItems: 100,
  },
  {
    name: 'search "host-5-123" (hostname)',
    request: { filter: null, q: 'host-5-123', cursor: null, limit: 100 },
    expectItems: 11,
  },
  {
    name: 'search "avail", deep (cursor 10.128.0.0)',
    request: { filter: null, q: 'avail', cursor: ip(10, 128, 0, 0), limit: 100 },
    expectItems: 100,
  },
];

type Timing = { name: string; median: number; min: number; max: number };

async function measureQueries(setup: Setup): Promise<Timing[]> {
  const results: Timing[] = [];
  for (const { name, request, expectItems } of pageCases) {
    const check = addressPageResponse.parse(
      JSON.parse(await readAddressPage(setup.db, setup.accountId, setup.subnetId, request)),
    );
    if (check.items.length !== expectItems) {
      throw new Error(`${name}: expected ${expectItems} items, got ${check.items.length}`);
    }
    results.push({
      name,
      ...(await timeMedian(() => readAddressPage(setup.db, setup.accountId, setup.subnetId, request))),
    });
  }
  const prefix = { version: 4 as const, network: 10n << 24n, length: 8 };
  results.push({
    name: 'used percentage (In Use + Reserved over listed)',
    ...(await timeMedian(async () => {
      const counts = await readStatusCounts(setup.db, setup.subnetId);
      return usedPercent(counts['In Use'] + counts.Reserved, listedAddresses(prefix).count);
    })),
  });
  return results;
}

// ---- HTTP load ----

/** One autocannon run and the server CPU time (µs, all its threads) per request it answered. */
type LoadRun = LoadResult & { cpuMicros: number };

async function loadRun(server: BenchServer, options: Record<string, unknown>): Promise<LoadRun> {
  const before = await server.cpuMicros();
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: LOAD_SECONDS });
  const used = (await server.cpuMicros()) - before;
  return { ...result, cpuMicros: used / Math.max(1, result.requests.total) };
}

async function measureLoad(setup: Setup) {
  const server = await startServer(fileURLToPath(import.meta.url), setup.target);
  const { baseUrl } = server;
  try {
    const cookie = await logIn(baseUrl, setup.email);
    const addresses = `/api/accounts/${setup.accountId}/subnets/${setup.subnetId}/addresses`;
    /** A PUT that writes another address on each request, picked by `pathOf(n)`. */
    const rotatingPut = (pathOf: (n: number) => string, hostname: string) => {
      let n = 0;
      return {
        url: `${baseUrl}${addresses}/10.250.0.1`,
        headers: { cookie, 'content-type': 'application/json' },
        requests: [
          {
            method: 'PUT',
            body: JSON.stringify({ status: 'In Use', hostname, description: '', allowScannerUpdate: true }),
            setupRequest: (request: Record<string, unknown>) => ({ ...request, path: pathOf(n++) }),
          },
        ],
      };
    };
    const targets = {
      health: { url: `${baseUrl}/api/health` },
      list: { url: `${baseUrl}${addresses}?limit=100&cursor=10.126.20.0`, headers: { cookie } },
      // Never-written addresses of 10.250.0.0/16: the row is created and the status counts change.
      putNew: rotatingPut((n) => `${addresses}/10.250.${(n >> 8) & 255}.${n & 255}`, 'load'),
      // Hostname edits of the 8,000 In Use addresses of block 5 (10.126.0.0–10.126.31.63).
      putEdit: rotatingPut((n) => `${addresses}/10.126.${(n % 8000) >> 8}.${(n % 8000) & 255}`, 'edited'),
    };
    const runs: Record<keyof typeof targets, LoadRun[]> = { health: [], list: [], putNew: [], putEdit: [] };
    for (const options of LIST_ONLY ? [targets.health, targets.list] : Object.values(targets)) {
      await autocannon({ ...options, connections: CONNECTIONS, duration: 1 }); // warm-up
    }
    for (let run = 0; run < LOAD_RUNS; run++) {
      for (const name of Object.keys(targets) as (keyof typeof targets)[]) {
        if (LIST_ONLY && name !== 'health' && name !== 'list') continue;
        const result = await loadRun(server, targets[name]);
        if (result.non2xx > 0 || result.errors > 0) {
          throw new Error(`${name}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
        }
        runs[name].push(result);
      }
    }
    return runs;
  } finally {
    server.stop();
  }
}

async function main(): Promise<void> {
  const lines: string[] = [];
  const out = (line = '') => {
    lines.push(line);
    console.error(line);
  };
  const header = machineLine();
  const queryTables: string[] = [];
  const loadTables: string[] = [];
  for (const kind of (['sqlite', 'postgres'] as const).filter((engine) => ENGINES.includes(engine))) {
    const setup = await setUp(kind);
    out(`${kind}: inserted ${WRITTEN} addresses in ${(setup.insertMs / 1000).toFixed(1)} s`);
    try {
      const timings = await measureQueries(setup);
      queryTables.push(
        ...timings.map(
          (t) =>
            `| ${kind} | ${t.name} | ${t.median.toFixed(2)} | ${t.min.toFixed(2)} | ${t.max.toFixed(2)} |`,
        ),
      );
      timings.forEach((t) => out(`${kind} ${t.name}: ${t.median.toFixed(2)} ms`));
      const load = await measureLoad(setup);
      const labels = {
        list: 'GET list (100 rows, deep cursor)',
        putNew: 'PUT a never-written address',
        putEdit: 'PUT a written address (hostname edit)',
      };
      for (const name of LIST_ONLY ? (['list'] as const) : (['list', 'putNew', 'putEdit'] as const)) {
        const ratios = load[name].map((r, i) => r.requests.average / (load.health[i]?.requests.average ?? 1));
        loadTables.push(
          `| ${kind} | ${labels[name]} | ` +
            `${median(load[name].map((r) => r.requests.average)).toFixed(0)} | ` +
            `${median(load.health.map((r) => r.requests.average)).toFixed(0)} | ` +
            `${ratios.map((r) => r.toFixed(3)).join(', ')} | **${median(ratios).toFixed(3)}** | ` +
            `${median(load[name].map((r) => r.latency.p50)).toFixed(1)} / ${median(load[name].map((r) => r.latency.p99)).toFixed(1)} | ` +
            `${median(load[name].map((r) => r.cpuMicros)).toFixed(0)} / ${median(load.health.map((r) => r.cpuMicros)).toFixed(0)} |`,
        );
      }
      out(loadTables.slice(-3).join('\n'));
    } finally {
      await setup.db.destroy();
      await setup.cleanup();
    }
  }
  console.log(`Machine: ${header}\n`);
  console.log('| engine | query | median ms | min ms | max ms |\n|---|---|---|---|---|');
  console.log(queryTables.join('\n'));
  console.log(
    `\n| engine | route | req/s (median) | /api/health req/s (median) | ratio per run | median ratio | latency p50 / p99 ms | server CPU µs per request: route / health |\n|---|---|---|---|---|---|---|---|`,
  );
  console.log(loadTables.join('\n'));
  console.log(`\nFinished: ${machineLine()}`);
}

if (process.argv[2] === 'serve') {
  await serveBenchApp(JSON.parse(process.argv[3] ?? '{}') as DatabaseTarget);
} else {
  await main();
}
