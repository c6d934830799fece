/**
 * The app served in a child process for the HTTP measurements (its own event loop, as in production),
 * with its CPU clock and a CPU profiler the parent can read and drive over IPC.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { get as httpGet, type ClientRequest } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '@ipam/server/app';
import { parseConfig } from '@ipam/server/config/env';
import { openDatabase, type DatabaseTarget } from '@ipam/server/db/database';
import { PASSWORD } from './address-fixture.js';
import { startCpuProfile, stopCpuProfile } from './cpu-profiler.js';
import { machineLine } from './bench-utils.js';

type Request =
  | { kind: 'cpu' | 'memory' | 'profile-start' | 'loop-reset' | 'loop-p99' | 'loop-max' }
  | { kind: 'profile-stop'; file: string };
type Command = Request & { id: number };

/** What the benchmarks read of an autocannon run. */
export interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

/** One autocannon run (8.0.0, which has no typings of its own). */
export async function autocannon(options: Record<string, unknown>): Promise<LoadResult> {
  const module = (await import('autocannon' as string)) as {
    default: (options: Record<string, unknown>) => Promise<LoadResult>;
  };
  return module.default(options);
}

/**
 * The app as `ipam start` builds it (silent log, rate limits out of the way), on the bench database;
 * `env` overrides the configuration. Every bench client is on 127.0.0.1: no cap per address.
 */
export async function buildBenchApp(target: DatabaseTarget, env: Record<string, string> = {}) {
  const config = parseConfig({
    LOG_LEVEL: 'silent',
    IPAM_DATA_DIR: mkdtempSync(join(tmpdir(), 'ipam-bench-serve-')),
    AUTH_RATE_LIMIT_PER_IP: '1000000',
    AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
    MAX_CONNECTIONS: '20000',
    EVENT_STREAMS_PER_ADDRESS: '100000',
    ...env,
  });
  const db = openDatabase(target);
  const app = await buildApp(config, db);
  app.addHook('onClose', () => db.destroy());
  return app;
}

/** Child mode: serves the app on 127.0.0.1, sends the parent its port, then answers its commands. */
export async function serveBenchApp(target: DatabaseTarget, env: Record<string, string> = {}): Promise<void> {
  const app = await buildBenchApp(target, env);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  // How late the event loop ran its callbacks (a synchronous stretch or a GC pause delays every request).
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  process.on('message', (command: Command) => {
    const run = async (): Promise<number | null> => {
      if (command.kind === 'loop-reset') loopDelay.reset();
      if (command.kind === 'loop-p99') return loopDelay.percentile(99) / 1e6;
      if (command.kind === 'loop-max') return loopDelay.max / 1e6;
      if (command.kind === 'cpu') {
        const used = process.cpuUsage();
        return used.user + used.system;
      }
      if (command.kind === 'memory') return process.memoryUsage().rss;
      if (command.kind === 'profile-start') await startCpuProfile();
      else if (command.kind === 'profile-stop') await stopCpuProfile(command.file);
      return null;
    };
    void run().then((result) => process.send?.({ id: command.id, result }));
  });
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
}

/** A served app: its URL and process id, the CPU time it has used (µs, all threads), its profiler, and stop. */
export interface BenchServer {
  baseUrl: string;
  /** The server process's id (its memory can be read in /proc). */
  pid: number;
  cpuMicros(): Promise<number>;
  /** The server process's resident memory, bytes. */
  rssBytes(): Promise<number>;
  startProfile(): Promise<void>;
  stopProfile(file: string): Promise<void>;
  /** The server's event-loop delay since the last reset: its 99th percentile and its worst, in ms. */
  loopDelay: { reset(): Promise<void>; p99Ms(): Promise<number>; maxMs(): Promise<number> };
  stop(): void;
}

/**
 * Starts `script serve <target> <env> ...extraArgs` in a child process; the script calls `serveBenchApp`
 * in that mode with the first two. `nodeOptions` go to that process's node (a heap limit, say).
 */
export async function startServer(
  script: string,
  target: DatabaseTarget,
  options: {
    nodeOptions?: readonly string[];
    env?: Record<string, string>;
    extraArgs?: readonly string[];
  } = {},
): Promise<BenchServer> {
  const child: ChildProcess = fork(
    script,
    ['serve', JSON.stringify(target), JSON.stringify(options.env ?? {}), ...(options.extraArgs ?? [])],
    {
      execArgv: [...process.execArgv, ...(options.nodeOptions ?? [])],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  let nextId = 0;
  const call = (request: Request) =>
    new Promise<number | null>((resolve) => {
      const id = nextId++;
      const onMessage = (message: { id: number; result: number | null }) => {
        if (message.id !== id) return;
        child.off('message', onMessage);
        resolve(message.result);
      };
      child.on('message', onMessage);
      child.send({ ...request, id });
    });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    cpuMicros: async () => (await call({ kind: 'cpu' })) ?? 0,
    rssBytes: async () => (await call({ kind: 'memory' })) ?? 0,
    startProfile: async () => void (await call({ kind: 'profile-start' })),
    stopProfile: async (file) => void (await call({ kind: 'profile-stop', file })),
    loopDelay: {
      reset: async () => void (await call({ kind: 'loop-reset' })),
      p99Ms: async () => (await call({ kind: 'loop-p99' })) ?? 0,
      maxMs: async () => (await call({ kind: 'loop-max' })) ?? 0,
    },
    stop: () => void child.kill(),
  };
}

/** Logs the bench user in; returns the Cookie header to send. */
export async function logIn(baseUrl: string, email: string, password = PASSWORD): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** Opens an event stream with its own connection; resolves once a 200 arrived, calls `onData` per chunk. */
export function openEventStream(url: string, cookie: string, onData: () => void): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = httpGet(
      url,
      { headers: { cookie, accept: 'text/event-stream' }, agent: false },
      (response) => {
        if (response.statusCode !== 200) reject(new Error(`stream answered ${response.statusCode}`));
        response.on('data', onData);
        resolve(request);
      },
    );
    request.on('error', reject);
  });
}

/**
 * The entry of a bench script whose app runs in a child process (the same script in `serve` mode):
 * there it serves; here it runs `run` on each engine and prints one table between the machine's lines.
 */
export async function runEngineTable(
  tableHeader: string,
  run: (kind: 'sqlite' | 'postgres') => Promise<string[]>,
): Promise<void> {
  if (process.argv[2] === 'serve') {
    await serveBenchApp(JSON.parse(process.argv[3] ?? '{}') as DatabaseTarget);
    return;
  }
  const header = machineLine();
  const rows: string[] = [];
  for (const kind of ['sqlite', 'postgres'] as const) rows.push(...(await run(kind)));
  console.log(`Machine: ${header}\n`);
  console.log(tableHeader);
  console.log(rows.join('\n'));
  console.log(`\nFinished: ${machineLine()}`);
}
