import { get as httpGet, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureServerBuilt } from '../../test/built-server.js';
import { createTestDatabase, describeOn, type TestDatabase } from '../../test/dialects.js';
import { TestClient } from '../../test/factories.js';
import { postGroup, signUpThrough, withSessionOf } from '../../test/ipam-factories.js';
import { startHaproxy, type LoadBalancer } from '../../test/load-balancers.js';
import { processesThatLogged, startFleet, type Fleet } from '../../test/server-fleet.js';
import { cookieOf, openEventStream } from '../../test/sse-client.js';

beforeAll(() => {
  // The processes are the compiled `ipam` command; rebuild when sources are newer than dist.
  expect(ensureServerBuilt()).toBe(true);
}, 180_000);

// PostgreSQL only: several processes share one database (SQLite serves from one process).
describeOn('postgres')('two server processes behind HAProxy (deploy/haproxy/ipam.cfg, PostgreSQL)', () => {
  let database: TestDatabase;
  let fleet: Fleet;
  let haproxy: LoadBalancer;
  const direct = (i: number) => new TestClient(fleet.servers[i]?.baseUrl ?? '');

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    fleet = await startFleet(2, database, { AUTH_RATE_LIMIT_PER_EMAIL: '2', METRICS: 'on' });
    haproxy = await startHaproxy(fleet.upstreams);
  }, 120_000);
  afterAll(async () => {
    await haproxy?.stop();
    await fleet?.stop();
    await database?.destroy();
  });

  it('answers over TLS and sends plain HTTP to HTTPS', async () => {
    expect((await haproxy.client().get('/api/health')).body).toEqual({ status: 'ok' });
    const plain = await new Promise<IncomingMessage>((resolve, reject) =>
      httpGet(`${haproxy.httpUrl}/groups?x=1`, { headers: { host: 'ipam.test' } }, resolve).on(
        'error',
        reject,
      ),
    );
    plain.resume();
    expect(plain.statusCode).toBe(301);
    expect(plain.headers.location).toBe('https://ipam.test/groups?x=1');
  });

  it("keeps each process's metrics off the public address: scraped on its own port only", async () => {
    expect((await fetch(`${fleet.servers[0]?.baseUrl}/api/metrics`)).status).toBe(200);
    expect((await haproxy.client().get('/api/metrics')).status).toBe(404);
  });

  it('spreads one session over both processes and streams a write made on the other one', async () => {
    const me = withSessionOf(await signUpThrough(direct(0)), haproxy.client());
    for (let i = 0; i < 4; i++) expect((await me.call('GET', '/stats')).status).toBe(200);
    expect(processesThatLogged(fleet, `/api/accounts/${me.accountId}/stats`)).toEqual([0, 1]);
    const stream = await openEventStream(
      `${haproxy.httpsUrl}/api/accounts/${me.accountId}/events`,
      cookieOf(me.client),
      undefined,
      haproxy.ca,
    );
    try {
      expect(stream.status).toBe(200);
      const ids: string[] = [];
      for (const i of [0, 1]) ids.push((await postGroup(withSessionOf(me, direct(i)), `Room ${i}`)).id);
      for (const id of ids) expect(await stream.waitFor((e) => e.id === id)).toEqual({ kind: 'group', id });
    } finally {
      stream.close();
    }
  });

  it('replaces the X-Forwarded-For a client sends, so its failed logins add up across processes', async () => {
    const { email } = await signUpThrough(direct(1));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const spoofed = haproxy.client({ 'x-forwarded-for': `198.51.100.${i + 1}` });
      statuses.push((await spoofed.post('/api/auth/login', { email, password: 'wrong' })).status);
    }
    expect(statuses).toEqual([401, 401, 429, 429]);
  });

  it('keeps answering reads and writes on the other process once one has stopped', async () => {
    const me = withSessionOf(await signUpThrough(direct(0)), haproxy.client());
    await fleet.servers[1]?.stop();
    // A connection to the stopped process is refused: nothing was sent, so any method is retried.
    for (let i = 0; i < 6; i++) {
      expect((await me.call('POST', '/groups', { name: `After ${i}` })).status).toBe(201);
      expect((await me.call('GET', '/groups')).status).toBe(200);
    }
    const names = (await me.call('GET', '/groups')).body.items.map((group: { name: string }) => group.name);
    expect(names.filter((name: string) => name.startsWith('After ')).toSorted()).toEqual(
      Array.from({ length: 6 }, (_, i) => `After ${i}`),
    );
  });
});
