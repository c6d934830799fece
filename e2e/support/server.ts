import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = resolve(import.meta.dirname, '..', '..');
export const artifactsDir = join(root, 'e2e', 'artifacts');

/** A built app (`ipam start`) on a fresh SQLite folder and a free loopback port. */
export interface AppServer {
  baseUrl: string;
  /** The server's SQLite folder. */
  dataDir: string;
  /** Runs the `ipam` command on this server's data, e.g. `['admin', 'set-tier', email, '1']`. */
  cli: (args: string[]) => Promise<{ code: number | null; output: string }>;
  /** Stops the process and starts it again on the same port and data (a server restart). */
  restart: () => Promise<void>;
  /** Stops the process and removes its data folder. */
  stop: () => Promise<void>;
}

interface StartOptions {
  /** Extra environment for the server (e.g. SUPPORT_FORM_URL). */
  env?: Record<string, string>;
  /** The server's output goes to e2e/artifacts/<logName>.log. */
  logName?: string;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** The tests run the built app, exactly as `ipam start` serves it; a stale build would test old code. */
export function assertBuilt(): void {
  const webIndex = join(root, 'packages/web/dist/index.html');
  const serverMain = join(root, 'packages/server/dist/cli/main.js');
  for (const file of [webIndex, serverMain]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
  }
}

async function waitForHealth(baseUrl: string, server: ChildProcess, logName: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`ipam start exited with ${server.exitCode}; see e2e/artifacts/${logName}.log`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`the server did not answer /api/health within 60 s; see e2e/artifacts/${logName}.log`);
}

async function stopProcess(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((done) => server.once('exit', done));
  server.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (server.exitCode === null && server.signalCode === null) {
    server.kill('SIGKILL');
    await exited;
  }
}

/** Runs the built `ipam` command and collects what it printed. */
function runIpam(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(root, 'packages/server/bin/ipam.js'), ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', fail);
    child.once('close', (code) => done({ code, output }));
  });
}

/** Starts the real server on a fresh SQLite folder; the auth rate limits are raised for the tests. */
export async function startServer({ env = {}, logName = 'server' }: StartOptions = {}): Promise<AppServer> {
  assertBuilt();
  mkdirSync(artifactsDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'ipam-e2e-data-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = createWriteStream(join(artifactsDir, `${logName}.log`));

  async function launch(): Promise<ChildProcess> {
    const server = spawn(process.execPath, [join(root, 'packages/server/bin/ipam.js'), 'start'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        IPAM_DATA_DIR: dataDir,
        DATABASE_URL: '',
        SUPPORT_FORM_URL: '',
        FEEDBACK_FORM_URL: '',
        CONTACT_EMAIL: 'help@ipam.test',
        LOG_LEVEL: 'warn',
        // Every test signs up and logs in from 127.0.0.1; the limiter has its own server tests.
        AUTH_RATE_LIMIT_PER_IP: '1000',
        AUTH_RATE_LIMIT_PER_EMAIL: '1000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.pipe(log, { end: false });
    server.stderr?.pipe(log, { end: false });
    try {
      await waitForHealth(baseUrl, server, logName);
    } catch (error) {
      await stopProcess(server);
      throw error;
    }
    return server;
  }

  // The server's own address too, as an operator's shell has it: printed links point at this server.
  const cliEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    IPAM_DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    ...env,
  };
  let current = await launch();
  return {
    baseUrl,
    dataDir,
    cli: (args) => runIpam(args, cliEnv),
    restart: async () => {
      await stopProcess(current);
      current = await launch();
    },
    stop: async () => {
      await stopProcess(current);
      log.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
