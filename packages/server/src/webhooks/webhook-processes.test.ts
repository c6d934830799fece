import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuilt, serverEnv, startBuiltServer, type BuiltServer } from '../../test/built-server.js';
import { createTestDatabase, describeOn, type TestDatabase } from '../../test/dialects.js';
import { goodPassword, TestClient, uniqueEmail } from '../../test/factories.js';
import { startWebhookReceiver, waitUntil, type WebhookReceiver } from '../../test/webhook-receiver.js';

beforeAll(() => {
  // These tests drive the compiled `ipam` command; rebuild when sources are newer than dist.
  expect(ensureServerBuilt()).toBe(true);
}, 180_000);

const outboxEnv = {
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_TIMEOUT_SECONDS: '1',
  OUTBOX_POLL_MS: '100',
  OUTBOX_RETRY_BASE_MS: '50',
  OUTBOX_RETRY_MAX_MS: '200',
  IPAM_DEFAULT_TIER: '1',
};

/** An owner on a running server with a subnet, through the API. */
async function ownerWithSubnet(baseUrl: string, cidr: string) {
  const client = new TestClient(baseUrl);
  const signup = await client.post('/api/auth/signup', { email: uniqueEmail(), password: goodPassword });
  expect(signup.status).toBe(201);
  const accountId: string = signup.body.accounts[0].id;
  const call = (method: string, path: string, body?: unknown) =>
    client.request(method, `/api/accounts/${accountId}${path}`, body);
  const group = await call('POST', '/groups', { name: 'Sites' });
  const [networkIP, bits] = cidr.split('/');
  const subnet = await call('POST', '/subnets', {
    name: 'Lab',
    vlanId: 1,
    groupId: group.body.id,
    networkIP,
    bits: Number(bits),
  });
  expect(subnet.status).toBe(201);
  return { client, accountId, call, subnetId: subnet.body.id as string };
}

const inUse = (hostname: string) => ({
  status: 'In Use',
  hostname,
  description: '',
  allowScannerUpdate: false,
});

function hostnameOf(data: { after: unknown }): string {
  const after = data.after;
  return typeof after === 'object' && after !== null && 'hostname' in after ? String(after.hostname) : '';
}

describe('webhook deliveries across a crash (built server, SQLite)', () => {
  let dataDir: string;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ipam-webhook-crash-'));
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'sends what was pending when the server was killed, in order, after it restarts',
    { timeout: 120_000 },
    async () => {
      const env = serverEnv({ IPAM_DATA_DIR: dataDir, ...outboxEnv });
      let server: BuiltServer = await startBuiltServer(env);
      try {
        const owner = await ownerWithSubnet(server.baseUrl, '10.40.0.0/28');
        // The receiver hangs: the first delivery is in flight (leased) when the server dies.
        receiver.respondWith(() => 0);
        const hook = await owner.call('POST', '/webhooks', {
          url: receiver.url,
          events: ['address.created'],
        });
        expect(hook.status).toBe(201);
        for (const [i, host] of ['a', 'b', 'c'].entries()) {
          expect(
            (await owner.call('PUT', `/subnets/${owner.subnetId}/addresses/10.40.0.${i + 1}`, inUse(host)))
              .status,
          ).toBe(200);
        }
        await waitUntil(() => receiver.received.length === 1);
        server.child.kill('SIGKILL');
        await server.stop();
        receiver.respondWith(() => 200);
        server = await startBuiltServer(env);
        // The dead process's lease runs out (2 × 1 s timeout + 5 s), then the new one sends all three.
        await waitUntil(() => receiver.received.filter((r) => r.status === 200).length === 3, 60_000);
        const accepted = receiver.received.filter((r) => r.status === 200);
        expect(accepted.map((r) => hostnameOf(r.event.data))).toEqual(['a', 'b', 'c']);
        // The one in flight at the crash was sent again: the same event id lets the receiver drop it.
        expect(accepted[0]?.event.id).toBe(receiver.received[0]?.event.id);
      } finally {
        await server.stop();
      }
    },
  );
});

describeOn('postgres')('webhook deliveries from two server processes (built servers, PostgreSQL)', () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // A slow receiver widens the window in which the two processes could both take an item.
    receiver = await startWebhookReceiver(0, 15);
  });
  afterAll(async () => {
    await receiver.close();
    await database.destroy();
  });

  it('never delivers one event twice, and keeps each webhook in order', { timeout: 180_000 }, async () => {
    if (database.target.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const env = serverEnv({
      DATABASE_URL: database.target.url,
      IPAM_DATA_DIR: database.dataDir,
      ...outboxEnv,
    });
    const servers = await Promise.all([startBuiltServer(env), startBuiltServer(env)]);
    try {
      const [a, b] = servers;
      if (!a || !b) throw new Error('servers not started');
      const owner = await ownerWithSubnet(a.baseUrl, '10.41.0.0/24');
      // The same session works on both processes (sessions live in the database).
      const onB = new TestClient(b.baseUrl);
      for (const [name, value] of owner.client.cookies) onB.cookies.set(name, value);
      for (const n of [1, 2, 3]) {
        const hook = await owner.call('POST', '/webhooks', {
          url: `${receiver.url}?w=${n}`,
          events: ['address.created'],
        });
        expect(hook.status).toBe(201);
      }
      const hosts = Array.from({ length: 30 }, (_, i) => `h${i}`);
      for (const [i, host] of hosts.entries()) {
        const client = i % 2 === 0 ? owner.client : onB;
        const path = `/api/accounts/${owner.accountId}/subnets/${owner.subnetId}/addresses/10.41.0.${i + 1}`;
        expect((await client.request('PUT', path, inUse(host))).status).toBe(200);
      }
      await waitUntil(() => receiver.received.length >= 90, 120_000);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(receiver.received).toHaveLength(90);
      for (const n of [1, 2, 3]) {
        const got = receiver.received.filter((r) => r.path === `/hook?w=${n}`);
        expect(got.map((r) => hostnameOf(r.event.data))).toEqual(hosts);
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  });
});
