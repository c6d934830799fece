/**
 * Issue 35's load run: 100 concurrent API clients for 5 minutes against the large account of
 * scale-fixture.ts (built once, kept in bench/.scale; each run works on a fresh copy, scratchCopy), on
 * each engine, with and without 20 browsers' live-event streams open. Each client is one member's
 * session in a closed loop (its next request as soon as the last answer arrived, or after a pause
 * with PAUSE_MS), drawing operations at these weights:
 *   70% reads: an address page (35), search (20), the dashboard (15);
 *   20% writes: an address edit (12), the next free address (8);
 *   10% heavier writes: a new subnet in a container's free space (4), an import of 100 rows (3),
 *       confirming a scan finding (3).
 * Viewers (four members in ten) only read. Reported per operation: count, errors (any answer but the
 * expected 2xx), p50/p95/p99; and the server's CPU and memory, PostgreSQL's backends' CPU, the load,
 * the event-loop delay of the server and of this process, the requests the server itself took over
 * half a second over, and the most queries that waited for one of its database connections at once
 * (the server runs with METRICS=on; its /api/metrics is read every 250 ms).
 *
 * Run: node --conditions=source --import tsx bench/src/scale-load.ts
 *   IPAM_SCALE (1), LOAD_SECONDS (300), CLIENTS (100), STREAMS ("0,20"), IPAM_BENCH_ENGINES ("postgres,sqlite"),
 *   LOAD_SKIP (operations left out, e.g. "search"), PAUSE_MS (0: each client's mean pause between an
 *   answer and its next request, drawn evenly from 0 to twice it; with a pause, 100 clients offer a
 *   rate instead of saturating the machine)
 */
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openDatabase, type DatabaseTarget } from '@ipam/server/db/database';
import { logIn, openEventStream, serveBenchApp, startServer } from './bench-server.js';
import { machineLine, percentile, randomSource } from './bench-utils.js';
import { watchBackends } from './process-cpu.js';
import {
  blockContainers,
  roleOfMember,
  SCALE_PASSWORD,
  scaleAccount,
  scratchCopy,
  type ScaleAccount,
} from './scale-fixture.js';

const SCALE = Number(process.env.IPAM_SCALE ?? 1);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const CLIENTS = Number(process.env.CLIENTS ?? 100);
/** Mean pause of a client between an answer and its next request (0: a closed loop with no pause). */
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 0);
const STREAM_COUNTS = (process.env.STREAMS ?? '0,20').split(',').map(Number);
const ENGINES = (process.env.IPAM_BENCH_ENGINES ?? 'postgres,sqlite').split(',') as ('sqlite' | 'postgres')[];
const adminUrl = process.env.IPAM_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Operation =
  | 'address page'
  | 'search'
  | 'dashboard'
  | 'address edit'
  | 'next free'
  | 'subnet create'
  | 'import 100 rows'
  | 'approval confirm';

/** Operations left out of a run (`LOAD_SKIP=search`): to measure the rest while one is being fixed. */
const SKIPPED = new Set((process.env.LOAD_SKIP ?? '').split(',').filter((name) => name !== ''));

const allWeights: [Operation, number][] = [
  ['address page', 35],
  ['search', 20],
  ['dashboard', 15],
  ['address edit', 12],
  ['next free', 8],
  ['subnet create', 4],
  ['import 100 rows', 3],
  ['approval confirm', 3],
];
const weights = allWeights.filter(([operation]) => !SKIPPED.has(operation));
const reads = new Set<Operation>(['address page', 'search', 'dashboard']);

interface Call {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: string;
  type?: string;
}

/** What the run draws its inputs from: the account's subnets, containers and waiting findings. */
interface Inputs {
  account: ScaleAccount;
  containers: string[];
  approvals: { id: string; subnetId: string }[];
}

async function readInputs(account: ScaleAccount): Promise<Inputs> {
  const db = openDatabase(account.target);
  try {
    const approvals = await db
      .selectFrom('approvals')
      .select(['id', 'subnet_id'])
      .where('account_id', '=', account.accountId)
      .execute();
    return {
      account,
      containers: await blockContainers(account),
      approvals: approvals.map((row) => ({ id: row.id, subnetId: row.subnet_id })),
    };
  } finally {
    await db.destroy();
  }
}

/** The next request of a client: a weighted draw (reads only for a viewer) with its inputs. */
function drawCall(
  inputs: Inputs,
  random: () => number,
  canWrite: boolean,
  sequence: number,
): [Operation, Call] {
  const { account } = inputs;
  const base = `/api/accounts/${account.accountId}`;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const total = weights.reduce(
    (sum, [operation, weight]) => sum + (canWrite || reads.has(operation) ? weight : 0),
    0,
  );
  let point = random() * total;
  let operation: Operation = 'address page';
  for (const [candidate, weight] of weights) {
    if (!canWrite && !reads.has(candidate)) continue;
    point -= weight;
    if (point < 0) {
      operation = candidate;
      break;
    }
  }
  const sparse = () => pick(account.leaves.sparse);
  switch (operation) {
    case 'address page': {
      const leaf = pick([
        ...account.leaves.busy.slice(0, 1000),
        ...account.leaves.sparse.slice(0, 1000),
        ...account.leaves.v6.slice(0, 500),
      ]);
      return [operation, { method: 'GET', path: `${base}/subnets/${leaf}/addresses?limit=100` }];
    }
    case 'search': {
      const terms = [
        `dhcp${Math.floor(random() * 5)}-${1 + Math.floor(random() * 150)}`,
        `10.${Math.floor(random() * 200)}.1.`,
        'gw',
        `asset ${Math.floor(random() * 150)}`,
      ];
      return [operation, { method: 'GET', path: `${base}/search?q=${encodeURIComponent(pick(terms))}` }];
    }
    case 'dashboard':
      return [operation, { method: 'GET', path: `${base}/dashboard` }];
    case 'address edit': {
      const host = 10 + Math.floor(random() * 180);
      const leaf = sparse();
      return [
        operation,
        {
          method: 'PUT',
          path: `${base}/subnets/${leaf}/addresses/${hostOf(leaf, host)}`,
          body: JSON.stringify({
            status: 'In Use',
            hostname: `edit-${sequence}.example.net`,
            description: `load ${sequence}`,
          }),
        },
      ];
    }
    case 'next free':
      return [
        operation,
        { method: 'POST', path: `${base}/subnets/${pick(account.leaves.busy)}/addresses/next`, body: '{}' },
      ];
    case 'subnet create':
      return [
        operation,
        {
          method: 'POST',
          path: `${base}/subnets/next`,
          body: JSON.stringify({
            name: `new ${sequence}`,
            vlanId: 300,
            groupId: pick(account.groupIds),
            parentId: pick(inputs.containers),
            prefixLength: 28,
          }),
        },
      ];
    case 'import 100 rows': {
      const leaf = sparse();
      const lines = Array.from(
        { length: 100 },
        (_, i) => `${hostOf(leaf, 100 + i)},In Use,imp-${sequence}-${i}.example.net`,
      );
      return [
        operation,
        {
          method: 'POST',
          path: `${base}/subnets/${leaf}/addresses/import?dryRun=false`,
          body: ['ipAddress,status,hostname', ...lines].join('\n'),
          type: 'text/csv',
        },
      ];
    }
    case 'approval confirm': {
      const approval = inputs.approvals.pop();
      if (!approval) return ['dashboard', { method: 'GET', path: `${base}/dashboard` }];
      return [
        operation,
        {
          method: 'POST',
          path: `${base}/subnets/${approval.subnetId}/approvals/${approval.id}/confirm`,
          body: '{}',
        },
      ];
    }
  }
}

/** The networks of the sparse /24s, read once: a host address of one is its network + n. */
const networks = new Map<string, string>();
function hostOf(leaf: string, host: number): string {
  const network = networks.get(leaf);
  if (!network) throw new Error(`no network for ${leaf}`);
  return network.replace(/\.0$/, `.${host}`);
}

async function readNetworks(account: ScaleAccount): Promise<void> {
  const db = openDatabase(account.target);
  try {
    const rows = await db
      .selectFrom('subnets')
      .select(['id', 'network_ip'])
      .where('account_id', '=', account.accountId)
      .where('kind', '=', 'leaf')
      .where('version', '=', 4)
      .execute();
    for (const row of rows) networks.set(row.id, row.network_ip);
  } finally {
    await db.destroy();
  }
}

function send(agent: Agent, baseUrl: string, cookie: string, call: Call): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { cookie };
    if (call.body !== undefined) headers['content-type'] = call.type ?? 'application/json';
    const outgoing = request(baseUrl + call.path, { method: call.method, agent, headers }, (response) => {
      response.resume();
      response.on('error', reject);
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.on('error', reject);
    outgoing.end(call.body);
  });
}

interface OperationFigures {
  ms: number[];
  errors: number;
  firstError: string;
}

async function loadRun(
  kind: 'sqlite' | 'postgres',
  account: ScaleAccount,
  streams: number,
): Promise<string[]> {
  const inputs = await readInputs(account);
  await readNetworks(account);
  // Each run writes (new subnets, imports): it starts from its own copy of the account as built.
  const copy = await scratchCopy(account);
  const { target } = copy.account;
  const server = await startServer(new URL(import.meta.url).pathname, target, { env: { METRICS: 'on' } });
  const backends =
    target.kind === 'postgres' ? await watchBackends(adminUrl, new URL(target.url).pathname.slice(1)) : null;
  const sessions: { cookie: string; canWrite: boolean }[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const n = i % account.emails.length;
    const email = account.emails[n] as string;
    sessions.push({
      cookie: await logIn(server.baseUrl, email, SCALE_PASSWORD),
      canWrite: roleOfMember(n) !== 'viewer',
    });
  }
  let eventsSeen = 0;
  const openStreams = [];
  for (let i = 0; i < streams; i++) {
    openStreams.push(
      await openEventStream(
        `${server.baseUrl}/api/accounts/${account.accountId}/events`,
        sessions[i % sessions.length]?.cookie ?? '',
        () => (eventsSeen += 1),
      ),
    );
  }
  const figures = new Map<Operation, OperationFigures>();
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  const load = { start: loadavg()[0] ?? 0, peak: 0 };
  let peakRss = 0;
  let peakPoolWaits = 0;
  const sampler = setInterval(() => {
    load.peak = Math.max(load.peak, loadavg()[0] ?? 0);
    void server.rssBytes().then((rss) => (peakRss = Math.max(peakRss, rss)));
  }, 2000);
  // Queries waiting for one of the server's database connections, sampled (the server's own metric).
  const poolSampler = setInterval(() => {
    void serverMetrics(server.baseUrl).then(
      (text) => (peakPoolWaits = Math.max(peakPoolWaits, sumOf(text, 'ipam_db_connection_waits'))),
    );
  }, 250);
  const cpuBefore = await server.cpuMicros();
  // Where a slow answer waited: the server's event loop, or this process's (which times every request).
  await server.loopDelay.reset();
  const clientLoop = monitorEventLoopDelay({ resolution: 10 });
  clientLoop.enable();
  const endBackends = backends ? await backends.start() : null;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  let sequence = 0;
  const client = async (index: number) => {
    const random = randomSource(1000 + index);
    const session = sessions[index] as { cookie: string; canWrite: boolean };
    const pause = () => new Promise((resolve) => setTimeout(resolve, random() * 2 * PAUSE_MS));
    // A paced client starts after a pause of its own, as it would mid-run: 100 clients starting at
    // once would queue 100 requests in the first second, a burst no paced run has after it.
    if (PAUSE_MS > 0) await pause();
    while (performance.now() < deadline) {
      const [operation, call] = drawCall(inputs, random, session.canWrite, sequence++);
      const entry = figures.get(operation) ?? { ms: [], errors: 0, firstError: '' };
      figures.set(operation, entry);
      const sent = performance.now();
      try {
        const status = await send(agent, server.baseUrl, session.cookie, call);
        entry.ms.push(performance.now() - sent);
        if (status < 200 || status > 299) {
          entry.errors += 1;
          entry.firstError ||= `${status} ${call.method} ${call.path}`;
        }
      } catch (error) {
        entry.errors += 1;
        entry.firstError ||= String(error);
      }
      if (PAUSE_MS > 0) await pause();
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
  const wallMs = performance.now() - started;
  const serverCpu = (await server.cpuMicros()) - cpuBefore;
  clientLoop.disable();
  const loops = {
    server: `${(await server.loopDelay.p99Ms()).toFixed(0)}/${(await server.loopDelay.maxMs()).toFixed(0)}`,
    client: `${(clientLoop.percentile(99) / 1e6).toFixed(0)}/${(clientLoop.max / 1e6).toFixed(0)}`,
  };
  const backendCpu = endBackends ? await endBackends() : null;
  clearInterval(sampler);
  clearInterval(poolSampler);
  // Requests the server itself took more than half a second over (its histogram of request times).
  const finalMetrics = await serverMetrics(server.baseUrl);
  const serverSlow =
    sumOf(finalMetrics, 'ipam_http_request_duration_seconds_count') -
    sumOf(finalMetrics, 'ipam_http_request_duration_seconds_bucket', 'le="0.5"');
  for (const stream of openStreams) stream.destroy();
  agent.destroy();
  await backends?.close();
  server.stop();
  await copy.drop();

  const total = [...figures.values()].reduce((sum, entry) => sum + entry.ms.length, 0);
  const paced = PAUSE_MS > 0 ? `, ${PAUSE_MS} ms mean pause` : '';
  const label = `${kind}, ${CLIENTS} clients${paced}, ${streams} streams`;
  const rows = [...figures.entries()]
    .sort(([a], [b]) => weights.findIndex(([name]) => name === a) - weights.findIndex(([name]) => name === b))
    .map(
      ([operation, entry]) =>
        `| ${label} | ${operation} | ${entry.ms.length} | ${entry.errors} | ${percentile(entry.ms, 0.5).toFixed(1)} | ${percentile(entry.ms, 0.95).toFixed(1)} | ${percentile(entry.ms, 0.99).toFixed(1)} |`,
    );
  const errors = [...figures.entries()]
    .filter(([, entry]) => entry.errors > 0)
    .map(([operation, entry]) => `${operation}: ${entry.firstError}`);
  rows.push(
    `| ${label} | **all** (${(total / (wallMs / 1000)).toFixed(0)} req/s) | ${total} | ${[...figures.values()].reduce((sum, entry) => sum + entry.errors, 0)} | server CPU ${((serverCpu / 1000 / wallMs) * 100).toFixed(0)}% of a core, peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MB | PostgreSQL CPU ${backendCpu ? `${((backendCpu.micros / 1000 / wallMs) * 100).toFixed(0)}%` : '–'} | load ${load.start.toFixed(1)} → peak ${load.peak.toFixed(1)}; events seen ${eventsSeen}; event-loop delay p99/max ms: server ${loops.server}, client ${loops.client}; over 0.5 s in the server ${serverSlow}; queries waiting for a connection, peak ${peakPoolWaits} |`,
  );
  if (errors.length > 0) rows.push(`<!-- first errors: ${errors.join('; ')} -->`);
  return rows;
}

/** The server's /api/metrics text (METRICS=on). */
async function serverMetrics(baseUrl: string): Promise<string> {
  return (await fetch(`${baseUrl}/api/metrics`)).text();
}

/** The sum of a metric's samples (those whose labels hold `labelPart`, when given). */
function sumOf(text: string, name: string, labelPart = ''): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!line.includes(labelPart)) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

if (process.argv[2] === 'serve') {
  await serveBenchApp(
    JSON.parse(process.argv[3] ?? '{}') as DatabaseTarget,
    JSON.parse(process.argv[4] ?? '{}') as Record<string, string>,
  );
} else {
  console.log(
    `Machine: ${machineLine()}; scale ${SCALE}, ${SECONDS} s a run${SKIPPED.size > 0 ? `, without ${[...SKIPPED].join(', ')}` : ''}\n`,
  );
  console.log('| run | operation | requests | errors | p50 ms | p95 ms | p99 ms |');
  console.log('|---|---|---|---|---|---|---|');
  for (const kind of ENGINES) {
    const account = await scaleAccount(kind, SCALE);
    console.log(
      `<!-- ${kind}: account built in ${account.buildSeconds} s: ${JSON.stringify(account.sizes)} -->`,
    );
    for (const streams of STREAM_COUNTS) console.log((await loadRun(kind, account, streams)).join('\n'));
  }
  console.log(`\nFinished: ${machineLine()}`);
}
