/**
 * Throughput past one process (issue 35): 1, 2 and 3 compiled `ipam start` processes on one
 * PostgreSQL database behind Debian's nginx running the shipped deploy/nginx/ipam.conf (TLS on
 * loopback), driven by `clients` closed-loop HTTPS clients with a fixed mix: 4 reads (the first page
 * of a subnet's addresses) to 1 write (an address set In Use, each write a new address), spread over
 * 8 subnets /16 of one tier-1 account with a session cookie. Per run: requests/s, p50/p95 of reads and
 * writes, non-2xx answers, and the CPU the server processes, nginx and the PostgreSQL backends used per
 * request (all of them share this machine's cores with the clients). The processes log a line per
 * request, as `ipam start` does by default, to a pipe this script reads.
 * Run: node --conditions=source --import tsx bench/src/scale-out.ts [seconds=30] [clients=32]
 * (PostgreSQL at IPAM_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test; the server
 * is built first when its sources are newer than dist).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSubnet } from '@ipam/server/subnets/subnets';
import { ensureServerBuilt } from '../../packages/server/test/built-server.js';
import { startNginx } from '../../packages/server/test/load-balancers.js';
import { startFleet } from '../../packages/server/test/server-fleet.js';
import { createSlash8Account, PASSWORD, postgresUrl } from './address-fixture.js';
import { machineLine, percentile } from './bench-utils.js';
import { processCpuMicros, watchBackends } from './process-cpu.js';

const seconds = Number(process.argv[2] ?? 30);
const clients = Number(process.argv[3] ?? 32);
const WARM_UP_MS = Math.min(3000, seconds * 300);
const SUBNETS = 8;
/** Requests per cycle of the mix: the last of every five is a write. */
const MIX = 5;

/** One answer: whether it was a write, its milliseconds, and its status. */
interface Sample {
  isWrite: boolean;
  ms: number;
  status: number;
}

/** Sends one request over the shared keep-alive agent; resolves with the status once the body is read. */
function send(agent: Agent, url: string, method: string, cookie: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { cookie };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const outgoing = request(url, { method, agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** CPU (µs) of a process and its children (nginx's master and workers), from /proc. */
function treeCpuMicros(pid: number): number {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // gone
  }
  return (processCpuMicros(pid) ?? 0) + children.reduce((sum, child) => sum + treeCpuMicros(child), 0);
}

async function logIn(baseUrl: string, agent: Agent, email: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${baseUrl}/api/auth/login`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (response) => {
        response.resume();
        if (response.statusCode !== 200) reject(new Error(`login answered ${response.statusCode}`));
        const cookies = response.headers['set-cookie'] ?? [];
        resolve(cookies.map((line) => line.split(';')[0]).join('; '));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify({ email, password: PASSWORD }));
  });
}

async function main(): Promise<void> {
  if (!ensureServerBuilt()) throw new Error('the server could not be built');
  const setup = await createSlash8Account('postgres');
  const { db, target, cleanup, ctx, accountId, email } = setup;
  // The fixture's account is tier 1 with room for 10 subnets: its /8 and these.
  const subnetIds: string[] = [];
  for (let n = 1; n <= SUBNETS; n++) {
    const subnet = await createSubnet(ctx, {
      version: 4,
      name: `Site ${n}`,
      vlanId: n,
      groupId: setup.subnet.groupId,
      networkIP: `11.${n}.0.0`,
      length: 16,
    });
    subnetIds.push(subnet.id);
  }
  await db.destroy();
  const dataDir = mkdtempSync(join(tmpdir(), 'ipam-bench-scale-out-'));
  const databaseName = new URL(target.kind === 'postgres' ? target.url : '').pathname.slice(1);
  const backends = await watchBackends(postgresUrl, databaseName);
  const header = machineLine();
  const rows: string[] = [];
  let written = 0;
  try {
    for (const processes of [1, 2, 3]) {
      const fleet = await startFleet(processes, { target, dataDir });
      const nginx = await startNginx(fleet.upstreams);
      const agent = new Agent({ ca: nginx.ca, keepAlive: true, maxSockets: clients });
      try {
        const cookie = await logIn(nginx.httpsUrl, agent, email);
        const samples: Sample[] = [];
        let isMeasuring = false;
        let stopAt = performance.now() + WARM_UP_MS + seconds * 1000;
        const client = async (c: number) => {
          for (let i = c; performance.now() < stopAt; i++) {
            const subnetId = subnetIds[i % SUBNETS] ?? '';
            const isWrite = i % MIX === MIX - 1;
            const base = `${nginx.httpsUrl}/api/accounts/${accountId}/subnets/${subnetId}/addresses`;
            const started = performance.now();
            let status: number;
            if (isWrite) {
              const n = written++;
              const ip = `11.${(n % SUBNETS) + 1}.${Math.floor(n / SUBNETS / 250) % 256}.${(Math.floor(n / SUBNETS) % 250) + 1}`;
              const path = `${nginx.httpsUrl}/api/accounts/${accountId}/subnets/${subnetIds[n % SUBNETS]}/addresses/${ip}`;
              const body = {
                status: 'In Use',
                hostname: `host-${n}`,
                description: '',
                allowScannerUpdate: false,
              };
              status = await send(agent, path, 'PUT', cookie, JSON.stringify(body)).catch(() => 0);
            } else {
              status = await send(agent, `${base}?limit=100`, 'GET', cookie).catch(() => 0);
            }
            if (isMeasuring) samples.push({ isWrite, ms: performance.now() - started, status });
          }
        };
        const running = Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
        await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
        isMeasuring = true;
        const load = loadavg()[0]?.toFixed(1) ?? '?';
        const serverCpu = () =>
          fleet.servers.reduce((sum, server) => sum + (processCpuMicros(server.child.pid ?? 0) ?? 0), 0);
        const [serverBefore, nginxBefore, endBackends] = [
          serverCpu(),
          treeCpuMicros(nginx.pid),
          await backends.start(),
        ];
        const startedAt = performance.now();
        stopAt = startedAt + seconds * 1000;
        await running;
        const elapsed = (performance.now() - startedAt) / 1000;
        const pg = await endBackends();
        const reads = samples.filter((s) => !s.isWrite).map((s) => s.ms);
        const writes = samples.filter((s) => s.isWrite).map((s) => s.ms);
        const failed = samples.filter((s) => s.status < 200 || s.status >= 300).length;
        const perRequest = (micros: number) => (micros / 1000 / Math.max(1, samples.length)).toFixed(2);
        rows.push(
          `| ${processes} | ${clients} | ${samples.length} | ${(samples.length / elapsed).toFixed(0)} | ` +
            `${percentile(reads, 0.5).toFixed(1)} | ${percentile(reads, 0.95).toFixed(1)} | ` +
            `${percentile(writes, 0.5).toFixed(1)} | ${percentile(writes, 0.95).toFixed(1)} | ${failed} | ` +
            `${perRequest(serverCpu() - serverBefore)} | ${perRequest(treeCpuMicros(nginx.pid) - nginxBefore)} | ` +
            `${perRequest(pg.micros)} | ${load} → ${loadavg()[0]?.toFixed(1) ?? '?'} |`,
        );
      } finally {
        agent.destroy();
        await nginx.stop();
        await fleet.stop();
      }
    }
  } finally {
    await backends.close();
    await cleanup();
  }
  console.log(`Machine: ${header}\n`);
  console.log(
    `${seconds} s per run after ${WARM_UP_MS / 1000} s of warm-up; ${clients} clients; 4 reads : 1 write; a request line logged per request (LOG_LEVEL=info, the default)\n`,
  );
  console.log(
    '| processes | clients | requests | req/s | read p50 ms | read p95 ms | write p50 ms | write p95 ms | non-2xx | server CPU ms/req | nginx CPU ms/req | PostgreSQL CPU ms/req | load average (1 min) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  console.log(rows.join('\n'));
  console.log(`\nFinished: ${machineLine()}`);
}

await main();
