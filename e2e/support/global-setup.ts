import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = resolve(import.meta.dirname, '..', '..');
export const artifactsDir = join(root, 'e2e', 'artifacts');

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
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
function assertBuilt(): void {
  const webIndex = join(root, 'packages/web/dist/index.html');
  const serverMain = join(root, 'packages/server/dist/cli/main.js');
  for (const file of [webIndex, serverMain]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
  }
}

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`ipam start exited with ${server.exitCode}; see e2e/artifacts/server.log`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error('the server did not answer /api/health within 60 s; see e2e/artifacts/server.log');
}

/** Starts the real server (`ipam start`) on a fresh SQLite folder and a free loopback port for the whole run. */
export default async function setup(project: TestProject) {
  mkdirSync(artifactsDir, { recursive: true });
  // E2E_BASE_URL points the tests at a server that is already running (a dev setup) instead.
  const external = process.env.E2E_BASE_URL;
  if (external) {
    project.provide('baseUrl', external.replace(/\/$/, ''));
    return;
  }
  assertBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'ipam-e2e-data-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = createWriteStream(join(artifactsDir, 'server.log'));
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
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    server.kill('SIGTERM');
    throw error;
  }
  project.provide('baseUrl', baseUrl);

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
