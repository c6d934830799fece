import { readFile } from 'node:fs/promises';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureServerBuilt } from '../../test/built-server.js';
import { createTestDatabase, describeOn, type TestDatabase } from '../../test/dialects.js';
import { goodPassword, TestClient } from '../../test/factories.js';
import { postGroup, postSubnet, signUpThrough, withSessionOf } from '../../test/ipam-factories.js';
import { nginxConfPath, startNginx, type LoadBalancer } from '../../test/load-balancers.js';
import { processesThatLogged, startFleet, type Fleet } from '../../test/server-fleet.js';
import { cookieOf, openEventStream } from '../../test/sse-client.js';
import { startWebhookReceiver, waitUntil, type WebhookReceiver } from '../../test/webhook-receiver.js';
import { MAX_IMPORT_BYTES } from '../table-files/table-reader.js';

beforeAll(() => {
  // The processes are the compiled `ipam` command; rebuild when sources are newer than dist.
  expect(ensureServerBuilt()).toBe(true);
}, 180_000);

const inUse = (hostname: string) => ({
  status: 'In Use',
  hostname,
  description: '',
  allowScannerUpdate: false,
});

// PostgreSQL only: several processes share one database (SQLite serves from one process).
describeOn('postgres')('three server processes behind nginx (deploy/nginx/ipam.conf, PostgreSQL)', () => {
  let database: TestDatabase;
  let fleet: Fleet;
  let nginx: LoadBalancer;
  let receiver: WebhookReceiver;
  /** A client aimed straight at process `i`, past nginx. */
  const direct = (i: number, headers: Record<string, string> = {}) =>
    new TestClient(fleet.servers[i]?.baseUrl ?? '', headers);

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    receiver = await startWebhookReceiver();
    fleet = await startFleet(3, database, {
      IPAM_DEFAULT_TIER: '1',
      AUTH_RATE_LIMIT_PER_EMAIL: '3',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_ALLOW_HTTP: 'true',
      OUTBOX_POLL_MS: '100',
      METRICS: 'on',
    });
    nginx = await startNginx(fleet.upstreams);
  }, 120_000);
  afterAll(async () => {
    await nginx?.stop();
    await fleet?.stop();
    await receiver?.close();
    await database?.destroy();
  });

  it('answers over TLS, sends plain HTTP to HTTPS, and lets through an upload as large as the server takes', async () => {
    const health = await nginx.client().get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    // fetch would not send a Host of our choosing; a browser asking for ipam.test would.
    const plain = await new Promise<IncomingMessage>((resolve, reject) =>
      httpGet(`${nginx.httpUrl}/api/health?x=1`, { headers: { host: 'ipam.test' } }, resolve).on(
        'error',
        reject,
      ),
    );
    plain.resume();
    expect(plain.statusCode).toBe(301);
    expect(plain.headers.location).toBe('https://ipam.test/api/health?x=1');
    const limit = /client_max_body_size (\d+)m;/.exec(await readFile(nginxConfPath, 'utf8'))?.[1];
    expect(Number(limit) * 1024 * 1024).toBe(MAX_IMPORT_BYTES);
  });

  it("keeps each process's metrics off the public address: scraped on its own port only", async () => {
    const scraped = await fetch(`${fleet.servers[0]?.baseUrl}/api/metrics`);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('ipam_http_requests_total');
    const outside = await nginx.client().get('/api/metrics');
    expect(outside.status).toBe(404);
  });

  it('honours a session made through one process on every other, until it is ended on one', async () => {
    const me = await signUpThrough(direct(0));
    const onOthers = [direct(1), direct(2)].map((client) => withSessionOf(me, client));
    for (const other of onOthers) {
      const who = await other.client.get('/api/auth/me');
      expect(who.status).toBe(200);
      expect(who.body.user.email).toBe(me.email);
    }
    // Through nginx the requests are spread over the processes; each one knows the session.
    const proxied = withSessionOf(me, nginx.client());
    const marker = `/api/accounts/${me.accountId}/stats`;
    for (let i = 0; i < 6; i++) expect((await proxied.call('GET', '/stats')).status).toBe(200);
    expect(processesThatLogged(fleet, marker)).toEqual([0, 1, 2]);

    expect((await onOthers[0]?.client.post('/api/auth/logout'))?.status).toBe(204);
    expect((await me.client.get('/api/auth/me')).status).toBe(401);
    expect((await proxied.client.get('/api/auth/me')).status).toBe(401);
  });

  it('brings a write handled by one process to an event stream held by another, directly and through nginx', async () => {
    const me = await signUpThrough(direct(0));
    const streamPath = `/api/accounts/${me.accountId}/events`;
    const onB = await openEventStream(`${fleet.servers[1]?.baseUrl}${streamPath}`, cookieOf(me.client));
    const proxied = await openEventStream(
      `${nginx.httpsUrl}${streamPath}`,
      cookieOf(me.client),
      undefined,
      nginx.ca,
    );
    try {
      expect(onB.status).toBe(200);
      expect(proxied.status).toBe(200);
      expect(proxied.headers.get('content-type')).toBe('text/event-stream');
      // Written on A, straight: B's stream hears it.
      const group = await postGroup(me, 'Datacenter');
      expect(await onB.waitFor((e) => e.id === group.id)).toEqual({ kind: 'group', id: group.id });
      // One write on each process: the stream through nginx is on one of them and hears all three.
      const ids: string[] = [];
      for (const i of [0, 1, 2]) {
        const made = await withSessionOf(me, direct(i)).call('POST', '/groups', { name: `Room ${i}` });
        expect(made.status).toBe(201);
        ids.push(made.body.id);
      }
      for (const id of ids) await proxied.waitFor((e) => e.id === id);
      // And a write through nginx reaches the stream on B.
      const late = await withSessionOf(me, nginx.client()).call('POST', '/groups', { name: 'Late' });
      expect(await onB.waitFor((e) => e.id === late.body.id)).toEqual({ kind: 'group', id: late.body.id });
    } finally {
      onB.close();
      proxied.close();
    }
  });

  it('counts failed logins together whichever process answers, and whatever X-Forwarded-For is sent', async () => {
    const loginAs = (client: TestClient, email: string) =>
      client.post('/api/auth/login', { email, password: 'not the password' });
    // Straight to the processes, as one client (the address a proxy would forward): 3 are allowed.
    const { email } = await signUpThrough(direct(0));
    const fromOneClient = { 'x-forwarded-for': '203.0.113.7' };
    for (const i of [0, 1, 2]) expect((await loginAs(direct(i, fromOneClient), email)).status).toBe(401);
    expect((await loginAs(direct(0, fromOneClient), email)).status).toBe(429);

    // Through nginx a client's own X-Forwarded-For is replaced by its real address.
    const second = await signUpThrough(direct(1));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const spoofed = nginx.client({ 'x-forwarded-for': `198.51.100.${i + 1}` });
      statuses.push((await loginAs(spoofed, second.email)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // The right password from another client still gets in.
    const owner = await direct(2, { 'x-forwarded-for': '192.0.2.9' }).post('/api/auth/login', {
      email: second.email,
      password: goodPassword,
    });
    expect(owner.status).toBe(200);
  });

  it('hands each due subnet to one poll when polls reach several processes at once', async () => {
    const me = await signUpThrough(direct(0));
    const group = await postGroup(me, 'Scanned');
    const subnetIds: string[] = [];
    for (let n = 0; n < 8; n++) {
      const subnet = await postSubnet(me, group.id, `10.60.${n}.0/28`, {
        scanningType: 'auto',
        scanFrequency: 24,
      });
      expect(subnet.status).toBe(201);
      subnetIds.push(subnet.body.id);
    }
    const scanner = await me.call('POST', '/scanners', { name: 'HQ', subnets: subnetIds });
    expect(scanner.status).toBe(201);
    const headers = {
      authorization: `Bearer ${scanner.body.apiKey as string}`,
      'x-scanner-version': '0.1.0',
    };
    const pollers = [0, 1, 2, 0, 1, 2].map((i) => direct(i, headers));
    pollers.push(...Array.from({ length: 6 }, () => nginx.client(headers)));
    const answers = await Promise.all(pollers.map((client) => client.get('/api/scanner/jobs')));
    expect(answers.map((answer) => answer.status)).toEqual(pollers.map(() => 200));
    const handedOut = answers.flatMap((answer) =>
      answer.body.jobs.map((job: { subnetId: string }) => job.subnetId),
    );
    expect(handedOut.toSorted()).toEqual(subnetIds.toSorted());
  });

  it('refuses a scanner key guessed at several processes once the failures of all of them add up', async () => {
    const guess = (i: number) =>
      direct(i % 3, {
        authorization: `Bearer ${'Guessed0'.padEnd(32, String(i % 10))}`,
        'x-forwarded-for': '203.0.113.50',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await guess(i).get('/api/scanner/jobs')).status);
    expect(statuses.slice(0, 20)).toEqual(Array.from({ length: 20 }, () => 401));
    expect(statuses[20]).toBe(429);
  });

  it('sends each webhook delivery once while writes and outbox workers are spread over the processes', async () => {
    const me = withSessionOf(await signUpThrough(direct(0)), nginx.client());
    const group = await postGroup(me, 'Hooked');
    const subnet = await postSubnet(me, group.id, '10.61.0.0/24');
    const hook = await me.call('POST', '/webhooks', { url: receiver.url, events: ['address.created'] });
    expect(hook.status).toBe(201);
    const hosts = Array.from({ length: 12 }, (_, i) => `h${i}`);
    const writes = await Promise.all(
      hosts.map((host, i) =>
        me.call('PUT', `/subnets/${subnet.body.id}/addresses/10.61.0.${i + 1}`, inUse(host)),
      ),
    );
    expect(writes.map((write) => write.status)).toEqual(hosts.map(() => 200));
    // Once every item is settled nothing is left for any process to send; each took one attempt.
    const items = () =>
      database.db
        .selectFrom('outbox')
        .select(['state', 'attempts'])
        .where('account_id', '=', me.accountId)
        .execute();
    await waitUntil(async () => (await items()).every((item) => item.state === 'delivered'), 30_000);
    expect((await items()).map((item) => [item.state, Number(item.attempts)])).toEqual(
      hosts.map(() => ['delivered', 1]),
    );
    const eventIds = new Set(receiver.received.map((delivery) => delivery.event.id));
    expect(eventIds.size).toBe(hosts.length);
    expect(receiver.received).toHaveLength(hosts.length);
    expect(processesThatLogged(fleet, `PUT /api/accounts/${me.accountId}/subnets/`).length).toBeGreaterThan(
      1,
    );
  });
});
