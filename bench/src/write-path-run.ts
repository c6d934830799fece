/**
 * One run of the write-path bench: a tree's real server (`ipam start` in a fresh child process, on that
 * tree's fixture), a warm-up, then address PUTs, next-free calls on a /24 and next-free calls behind
 * thousands of written addresses, each from one client in a closed loop: latency percentiles, CPU per
 * call of the server process and of PostgreSQL's backends, and statements per call.
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgresUrl } from './address-fixture.js';
import { logIn } from './bench-server.js';
import { median, percentile } from './bench-utils.js';
import { closedLoop, type WriteRequest } from './http-load.js';
import { processCpuMicros, watchBackends } from './process-cpu.js';
import type { WritePathFixture } from './write-path-fixture.js';

const serverScript = fileURLToPath(new URL('./write-path-server.ts', import.meta.url));
/** Where each phase's CPU profile of the server goes when set (slows the server: not for figures). */
const profileDir = process.env.WRITE_PATH_PROFILE_DIR;
/** No phase sends requests for longer than this. */
const MAX_PHASE_MS = 90_000;

/** How many calls of each kind a run makes. */
export const CALLS = { put: 300, nextFree: 150, warmUp: 30 };

/** The kinds of call measured. */
export type Operation = 'floor: GET /api/health' | 'put' | 'next-free /24' | 'next-free after 3,000';

/** One measured phase of a run. */
export interface PhaseResult {
  operation: Operation;
  calls: number;
  p50: number;
  p95: number;
  /** µs of CPU per call: the server process (all threads), and PostgreSQL's (null on SQLite). */
  serverMicros: number;
  postgresMicros: number | null;
  /** µs per call of PostgreSQL processes that exited meanwhile (any database): 0 when the figure is whole. */
  postgresExitedMicros: number | null;
  /** Statements the server process sent to its database per call. */
  statements: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the tree's `ipam start` on the fixture; resolves once it answers /api/health. */
async function startTreeServer(tree: string, fixture: WritePathFixture) {
  const port = await freePort();
  const database =
    fixture.target.kind === 'postgres'
      ? { DATABASE_URL: fixture.target.url }
      : { IPAM_DATA_DIR: dirname(fixture.target.file) };
  const child = fork(serverScript, [tree], {
    // Built: node resolves the packages to their compiled dist/ (tsx only runs this bench's own child).
    execArgv: process.env.WRITE_PATH_SERVER === 'built' ? ['--import', 'tsx'] : process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...database,
      HOST: '127.0.0.1',
      PORT: String(port),
      WRITE_PATH_SERVER: process.env.WRITE_PATH_SERVER ?? 'source',
      LOG_LEVEL: 'silent',
      BILLING: 'off',
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`))),
  );
  const ready = (async () => {
    for (let attempt = 0; attempt < 600; attempt++) {
      const answer = await fetch(`${baseUrl}/api/health`).catch(() => null);
      if (answer?.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('server did not answer /api/health within 60 s');
  })();
  await Promise.race([ready, exited]);
  let nextId = 0;
  /** Sends a command; resolves with the statements counted so far once it is done. */
  const call = (command: { kind: 'statements' | 'profile-start' } | { kind: 'profile-stop'; file: string }) =>
    new Promise<number>((resolve) => {
      const id = nextId++;
      const onMessage = (message: { id: number; statements: number }) => {
        if (message.id !== id) return;
        child.off('message', onMessage);
        resolve(message.statements);
      };
      child.on('message', onMessage);
      child.send({ ...command, id });
    });
  const statements = () => call({ kind: 'statements' });
  const stop = () =>
    new Promise<void>((resolve) => {
      exited.catch(() => resolve());
      child.kill('SIGTERM');
    });
  return { baseUrl, pid: child.pid ?? 0, statements, call, stop };
}

/** PUTs of the fixture's one address, each a real change (status, hostname and counts alternate). */
function putRequests(fixture: WritePathFixture, count: number, start: number): WriteRequest[] {
  const path = `/api/accounts/${fixture.accountId}/subnets/${fixture.putSubnetId}/addresses/${fixture.putAddress}`;
  return Array.from({ length: count }, (_, i) => ({
    method: 'PUT',
    path,
    body:
      (start + i) % 2 === 0
        ? { status: 'Reserved', hostname: 'bench-a', description: 'even', allowScannerUpdate: true }
        : { status: 'In Use', hostname: 'bench-b', description: 'odd', allowScannerUpdate: true },
  }));
}

function nextFreeRequests(fixture: WritePathFixture, subnetId: string, count: number): WriteRequest[] {
  const path = `/api/accounts/${fixture.accountId}/subnets/${subnetId}/addresses/next`;
  return Array.from({ length: count }, () => ({ method: 'POST', path, body: { hostname: 'assigned' } }));
}

/** Measures one round on a tree's server; the server is stopped before it returns. */
export async function measureRun(
  tree: string,
  fixture: WritePathFixture,
  round: number,
): Promise<PhaseResult[]> {
  const server = await startTreeServer(tree, fixture);
  const backends =
    fixture.target.kind === 'postgres'
      ? await watchBackends(postgresUrl, new URL(fixture.target.url).pathname.slice(1))
      : null;
  try {
    const cookie = await logIn(server.baseUrl, fixture.email, fixture.password);
    const load = (requests: readonly (string | WriteRequest)[]) =>
      closedLoop({ baseUrl: server.baseUrl, cookie, paths: requests, clients: 1, maxMs: MAX_PHASE_MS });
    await load([
      ...putRequests(fixture, CALLS.warmUp, 1),
      ...nextFreeRequests(fixture, fixture.warmUpSubnetId, CALLS.warmUp / 3),
    ]);
    const roundSubnet = fixture.roundSubnetIds[round - 1];
    if (roundSubnet === undefined) throw new Error(`the fixture has no /24 for round ${round}`);
    const phases: [Operation, (string | WriteRequest)[]][] = [
      // What any request costs this server at one client (no database statement): the floor under the rest.
      ['floor: GET /api/health', Array.from({ length: CALLS.put }, () => '/api/health')],
      ['put', putRequests(fixture, CALLS.put, 0)],
      ['next-free /24', nextFreeRequests(fixture, roundSubnet, CALLS.nextFree)],
      ['next-free after 3,000', nextFreeRequests(fixture, fixture.largeSubnetId, CALLS.nextFree)],
    ];
    const results: PhaseResult[] = [];
    for (const [operation, requests] of phases) {
      const statementsBefore = await server.statements();
      const serverBefore = processCpuMicros(server.pid) ?? 0;
      const stopBackends = await backends?.start();
      if (profileDir) await server.call({ kind: 'profile-start' });
      const answers = await load(requests);
      if (profileDir) {
        const file = join(
          profileDir,
          `${tree.split('/').filter(Boolean).join('_')}-${fixture.target.kind}-${round}-${operation.replace(/\W+/g, '-')}.cpuprofile`,
        );
        await server.call({ kind: 'profile-stop', file });
      }
      const serverUsed = (processCpuMicros(server.pid) ?? 0) - serverBefore;
      const postgres = await stopBackends?.();
      const statements = (await server.statements()) - statementsBefore;
      const perCall = (value: number) => value / Math.max(1, answers.length);
      const times = answers.map((answer) => answer.ms);
      results.push({
        operation,
        calls: answers.length,
        p50: median(times),
        p95: percentile(times, 0.95),
        serverMicros: perCall(serverUsed),
        postgresMicros: postgres ? perCall(postgres.micros) : null,
        postgresExitedMicros: postgres ? perCall(postgres.exitedMicros) : null,
        statements: perCall(statements),
      });
    }
    return results;
  } finally {
    await backends?.close();
    await server.stop();
  }
}
