import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureServerBuilt,
  runIpam,
  serverEnv,
  startBuiltServer,
  type BuiltServer,
} from '../../test/built-server.js';
import { createTestDatabase, describeOn, type TestDatabase } from '../../test/dialects.js';
import { goodPassword, TestClient, uniqueEmail } from '../../test/factories.js';
import { cookieOf, eventually, openEventStream } from '../../test/sse-client.js';

beforeAll(() => {
  // These tests drive the compiled `ipam` command; rebuild when sources are newer than dist.
  expect(ensureServerBuilt()).toBe(true);
}, 180_000);

/** Signs up through the API of a running server; the client holds the session. */
async function signUpOn(baseUrl: string): Promise<{ client: TestClient; accountId: string }> {
  const client = new TestClient(baseUrl);
  const response = await client.post('/api/auth/signup', { email: uniqueEmail(), password: goodPassword });
  expect(response.status).toBe(201);
  return { client, accountId: response.body.accounts[0].id };
}

describe('ipam start on SQLite (built CLI, real process)', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'ipam-start-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('migrates, answers /api/health, streams events, and stops on SIGTERM despite an open stream', async () => {
    const env = serverEnv({ IPAM_DATA_DIR: dataDir });
    delete env.LOG_FORMAT;
    const server = await startBuiltServer(env);
    try {
      expect(existsSync(join(dataDir, 'ipam.sqlite'))).toBe(true);
      expect(server.output()).toContain(`ipam: database ${join(dataDir, 'ipam.sqlite')}\n`);
      expect(server.output().match(/listening/gi)).toEqual(['listening']);
      const health = await fetch(`${server.baseUrl}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      // Its output is a pipe, not a terminal: JSON lines, one per request.
      const healthLines = () =>
        server
          .output()
          .split('\n')
          .filter((line) => line.includes('/api/health'));
      await eventually(() => healthLines().length > 0);
      expect(healthLines().map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
        expect.stringMatching(/^GET \/api\/health 200 \d+\.\d ms$/),
      ]);

      const { client, accountId } = await signUpOn(server.baseUrl);
      const stream = await openEventStream(
        `${server.baseUrl}/api/accounts/${accountId}/events`,
        cookieOf(client),
      );
      expect(stream.status).toBe(200);
      const group = await client.post(`/api/accounts/${accountId}/groups`, { name: 'Lab' });
      expect(group.status).toBe(201);
      expect(await stream.waitFor((e) => e.id === group.body.id)).toEqual({
        kind: 'group',
        id: group.body.id,
      });

      expect(await server.stop()).toBe(0);
      await stream.ended;
    } finally {
      await server.stop();
    }
  });

  it("records where it serves, so ipam admin's links open without the server's PORT in the shell", async () => {
    const server = await startBuiltServer(serverEnv({ IPAM_DATA_DIR: dataDir }));
    try {
      const email = uniqueEmail();
      const client = new TestClient(server.baseUrl);
      expect((await client.post('/api/auth/signup', { email, password: goodPassword })).status).toBe(201);
      // The operator's shell: the same data folder, but neither PORT nor PUBLIC_URL (the server got PORT=0).
      const shell = serverEnv({ IPAM_DATA_DIR: dataDir });
      delete shell.PORT;
      const run = await runIpam(['admin', 'reset-password', email], shell);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const link = /^(http:\/\/\S+\/reset-password\?token=\S+)$/m.exec(run.stdout)?.[1] ?? '';
      expect(link.startsWith(`${server.baseUrl}/reset-password?token=`)).toBe(true);
      expect((await fetch(link)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('refuses a bad PORT with a message naming it, and does not start', async () => {
    const run = await runIpam(['start'], serverEnv({ IPAM_DATA_DIR: dataDir, PORT: 'abc' }));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('invalid configuration');
    expect(run.stderr).toMatch(/PORT: /);
    expect(run.stdout).not.toContain('listening');
  });

  it('refuses a LOG_FORMAT other than pretty or json, naming the variable', async () => {
    const run = await runIpam(['start'], serverEnv({ IPAM_DATA_DIR: dataDir, LOG_FORMAT: 'text' }));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('LOG_FORMAT: must be pretty or json');
    expect(run.stdout).not.toContain('listening');
  });

  it('refuses a DATABASE_URL that is not PostgreSQL, naming the variable', async () => {
    const run = await runIpam(['start'], serverEnv({ IPAM_DATA_DIR: dataDir, DATABASE_URL: 'mysql://x' }));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
  });
});

// PostgreSQL only (global-setup.ts says why when it is skipped): two processes, one database.
describeOn('postgres')('two ipam start processes on one PostgreSQL database', () => {
  let database: TestDatabase;
  const servers: BuiltServer[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await database?.destroy();
  });

  it('delivers a write on process 1 to a stream on process 2 (LISTEN/NOTIFY)', async () => {
    if (database.target.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const env = serverEnv({ DATABASE_URL: database.target.url, IPAM_DATA_DIR: database.dataDir });
    const [first, second] = await Promise.all([startBuiltServer(env), startBuiltServer(env)]);
    if (!first || !second) throw new Error('servers not started');
    servers.push(first, second);
    expect(first.baseUrl).not.toBe(second.baseUrl);

    // Sessions live in the database: the session made on process 1 opens a stream on process 2.
    const { client, accountId } = await signUpOn(first.baseUrl);
    const stream = await openEventStream(
      `${second.baseUrl}/api/accounts/${accountId}/events`,
      cookieOf(client),
    );
    expect(stream.status).toBe(200);

    const started = Date.now();
    const group = await client.post(`/api/accounts/${accountId}/groups`, { name: 'Datacenter' });
    expect(group.status).toBe(201);
    expect(await stream.waitFor((e) => e.id === group.body.id)).toEqual({ kind: 'group', id: group.body.id });
    console.info(`group event crossed processes ${Date.now() - started} ms after the POST was sent`);

    const subnet = await client.post(`/api/accounts/${accountId}/subnets`, {
      name: 'Servers',
      vlanId: 10,
      groupId: group.body.id,
      networkIP: '10.20.0.0',
      bits: 24,
    });
    expect(subnet.status).toBe(201);
    expect(await stream.waitFor((e) => e.kind === 'subnet')).toEqual({
      kind: 'subnet',
      id: subnet.body.id,
      subnetId: subnet.body.id,
    });

    expect(await first.stop()).toBe(0);
    expect(await second.stop()).toBe(0);
    await stream.ended;
  });
});
