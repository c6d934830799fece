/**
 * Sparse addresses on a /8 with 100,000 written addresses: list pages, filters, search and the used
 * percentage (median ms, SQLite and PostgreSQL), then HTTP throughput of the list route and of address
 * PUTs against /api/health of the same server in the same run (autocannon in this process, the server
 * in a child process so each has its own event loop).
 * Run: node --conditions=source --import tsx bench/src/addresses.ts   (prints a markdown report)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { listedAddresses, usedPercent } from '@ipam/core/address-listing';
import { findAccountOfMember, updateTierAndLimits } from '@ipam/server/accounts/account-repository';
import { readStatusCounts } from '@ipam/server/addresses/address-count-repository';
import { readAddressPage, type AddressPageRequest } from '@ipam/server/addresses/address-reads';
import { insertAddressRows, type AddressFields } from '@ipam/server/addresses/address-write-repository';
import { signUp } from '@ipam/server/auth/sign-up';
import { parseConfig } from '@ipam/server/config/env';
import { openDatabase, type DatabaseTarget, type Db } from '@ipam/server/db/database';
import { migrateToLatest } from '@ipam/server/db/migrate';
import { noopEventPublisher } from '@ipam/server/events/event-publisher';
import { createGroup } from '@ipam/server/groups/groups';
import { buildApp } from '@ipam/server/app';
import { createSubnet } from '@ipam/server/subnets/subnets';
import { machineLine, median } from './bench-utils.js';

const WRITTEN = 100_000;
/** Written addresses come in 10 blocks of 10,000 (a fully used DHCP scope each), spread over the /8. */
const BLOCKS = 10;
const QUERY_RUNS = 15;
const LOAD_RUNS = 3;
const LOAD_SECONDS = 4;
const CONNECTIONS = 10;
const PASSWORD = 'correct horse battery';
const postgresUrl = process.env.IPAM_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const ip = (a: number, b: number, c: number, d: number) => `${a}.${b}.${c}.${d}`;
/** Block k starts at 10.(25k+1).0.0; its first 8,000 addresses are In Use, 1,500 Reserved, 500 Available. */
const blockStart = (k: number) => BigInt((10 << 24) | ((25 * k + 1) << 16));

interface Setup {
  db: Db;
  target: DatabaseTarget;
  accountId: string;
  subnetId: string;
  email: string;
  cleanup(): Promise<void>;
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function openTarget(kind: 'sqlite' | 'postgres'): Promise<Pick<Setup, 'target' | 'cleanup'>> {
  const dir = mkdtempSync(join(tmpdir(), 'ipam-bench-addresses-'));
  if (kind === 'sqlite') {
    return {
      target: { kind: 'sqlite', file: join(dir, 'ipam.sqlite') },
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `ipam_bench_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    cleanup: async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A tier-1 account with a /8 and 100,000 written addresses, inserted through the repository. */
async function setUp(kind: 'sqlite' | 'postgres'): Promise<Setup & { insertMs: number }> {
  const { target, cleanup } = await openTarget(kind);
  const db = openDatabase(target);
  await migrateToLatest(db);
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const { userId, accountId } = await signUp(db, { email, password: PASSWORD });
  await updateTierAndLimits(db, accountId, { tier: 1, maxusers: 5, maxnetworks: 10 });
  const account = await findAccountOfMember(db, accountId, userId);
  if (!account) throw new Error('account not created');
  const ctx = { db, account, userId, events: noopEventPublisher };
  const group = await createGroup(ctx, { name: 'Bench' });
  const subnet = await createSubnet(ctx, {
    version: 4,
    name: 'Ten',
    vlanId: 10,
    groupId: group.id,
    networkIP: '10.0.0.0',
    length: 8,
  });
  const perBlock = WRITTEN / BLOCKS;
  const started = performance.now();
  for (let k = 0; k < BLOCKS; k++) {
    const rows = Array.from({ length: perBlock }, (_, i) => {
      const fields: AddressFields =
        i < 8000
          ? { status: 'In Use', hostname: `host-${k}-${i}`, description: '', allowScannerUpdate: true }
          : i < 9500
            ? {
                status: 'Reserved',
                hostname: '',
                description: `reserved for rack ${i % 40}`,
                allowScannerUpdate: false,
              }
            : { status: 'Available', hostname: `spare-${i}`, description: '', allowScannerUpdate: true };
      return {
        ...fields,
        value: blockStart(k) + BigInt(i),
        updatedDate: new Date().toISOString(),
        updatedBy: userId,
      };
    });
    await db
      .transaction()
      .execute((trx) => insertAddressRows(trx, accountId, { id: subnet.id, version: 4 }, rows));
  }
  const insertMs = performance.now() - started;
  return { db, target, accountId, subnetId: subnet.id, email, cleanup, insertMs };
}

async function timeMedian(
  run: () => Promise<unknown>,
): Promise<{ median: number; min: number; max: number }> {
  await run();
  await run();
  const times: number[] = [];
  for (let i = 0; i < QUERY_RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return { median: median(times), min: Math.min(...times), max: Math.max(...times) };
}

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
    const check = await readAddressPage(setup.db, setup.accountId, setup.subnetId, request);
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

interface LoadResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<LoadResult>;

async function startServer(target: DatabaseTarget): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = fork(fileURLToPath(import.meta.url), ['serve', JSON.stringify(target)], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve(Number(message)));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

/** Child mode: serve the app on the bench database until killed. */
async function serve(target: DatabaseTarget): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ipam-bench-serve-'));
  const config = parseConfig({
    LOG_LEVEL: 'silent',
    IPAM_DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_PER_IP: '1000000',
    AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
  });
  const db = openDatabase(target);
  const app = await buildApp(config, db);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  process.send?.(typeof address === 'object' && address ? address.port : 0);
}

async function measureLoad(setup: Setup) {
  const { default: autocannon } = (await import('autocannon' as string)) as { default: Autocannon };
  const { child, baseUrl } = await startServer(setup.target);
  try {
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: setup.email, password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
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
    const runs: Record<keyof typeof targets, LoadResult[]> = {
      health: [],
      list: [],
      putNew: [],
      putEdit: [],
    };
    for (const options of Object.values(targets)) {
      await autocannon({ ...options, connections: CONNECTIONS, duration: 1 }); // warm-up
    }
    for (let run = 0; run < LOAD_RUNS; run++) {
      for (const name of Object.keys(targets) as (keyof typeof targets)[]) {
        const result = await autocannon({
          ...targets[name],
          connections: CONNECTIONS,
          duration: LOAD_SECONDS,
        });
        if (result.non2xx > 0 || result.errors > 0) {
          throw new Error(`${name}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
        }
        runs[name].push(result);
      }
    }
    return runs;
  } finally {
    child.kill();
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
  for (const kind of ['sqlite', 'postgres'] as const) {
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
      for (const name of ['list', 'putNew', 'putEdit'] as const) {
        const ratios = load[name].map((r, i) => r.requests.average / (load.health[i]?.requests.average ?? 1));
        loadTables.push(
          `| ${kind} | ${labels[name]} | ` +
            `${median(load[name].map((r) => r.requests.average)).toFixed(0)} | ` +
            `${median(load.health.map((r) => r.requests.average)).toFixed(0)} | ` +
            `${ratios.map((r) => r.toFixed(3)).join(', ')} | **${median(ratios).toFixed(3)}** | ` +
            `${median(load[name].map((r) => r.latency.p50)).toFixed(1)} / ${median(load[name].map((r) => r.latency.p99)).toFixed(1)} |`,
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
    `\n| engine | route | req/s (median) | /api/health req/s (median) | ratio per run | median ratio | latency p50 / p99 ms |\n|---|---|---|---|---|---|---|`,
  );
  console.log(loadTables.join('\n'));
  console.log(`\nFinished: ${machineLine()}`);
}

if (process.argv[2] === 'serve') {
  await serve(JSON.parse(process.argv[3] ?? '{}') as DatabaseTarget);
} else {
  await main();
}
