import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureServerBuilt } from '../../test/built-server.js';
import { createTestDatabase, describeOn, type TestDatabase } from '../../test/dialects.js';
import type { TestClient } from '../../test/factories.js';
import { type TestResponse } from '../../test/factories.js';
import { postGroup, postSubnet, signUpThrough } from '../../test/ipam-factories.js';
import { startNginx, type LoadBalancer } from '../../test/load-balancers.js';
import { startFleet, type Fleet } from '../../test/server-fleet.js';

beforeAll(() => {
  // The processes are the compiled `ipam` command; rebuild when sources are newer than dist.
  expect(ensureServerBuilt()).toBe(true);
}, 180_000);

const CLIENTS = 6;
const KEYS_PER_CLIENT = 10;
/** Longest a client keeps retrying one allocation before the test calls it lost. */
const RETRY_FOR_MS = 30_000;

/**
 * What one key's allocation went through: every status seen (0: no answer) and the address it got,
 * null when the write committed but its server stopped before answering (409 answer lost).
 */
interface Allocation {
  key: string;
  statuses: number[];
  ipAddress: string | null;
}

/**
 * A script allocating the next free address with an Idempotency-Key, as docs/automation.md says to:
 * anything but 201 (a 502 from the proxy, no answer at all, 409 while the key is in progress) is
 * sent again with the same key and body, after Retry-After when one came.
 */
async function allocate(client: TestClient, path: string, key: string): Promise<Allocation> {
  const statuses: number[] = [];
  const deadline = Date.now() + RETRY_FOR_MS;
  for (;;) {
    const answer: TestResponse | null = await client
      .post(path, { hostname: key }, { 'idempotency-key': key })
      .catch(() => null);
    statuses.push(answer?.status ?? 0);
    if (answer?.status === 201) return { key, statuses, ipAddress: answer.body.items[0].ipAddress };
    if (answer?.body?.code === 'idempotency_answer_lost') return { key, statuses, ipAddress: null };
    if (Date.now() > deadline) {
      throw new Error(
        `${key}: no 201 after ${RETRY_FOR_MS} ms of retries: ${statuses.join(' ')} ${answer?.text}`,
      );
    }
    const retryAfterMs = Number(answer?.headers.get('retry-after') ?? 0) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.min(retryAfterMs || 100, 1000)));
  }
}

/** Sessions of the database waiting on a lock right now. */
async function lockWaiters(database: TestDatabase): Promise<number> {
  const { rows } = await sql<{ waiting: number }>`
    select count(*)::int as waiting from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db);
  return rows[0]?.waiting ?? 0;
}

// PostgreSQL only: several processes share one database (SQLite serves from one process).
describeOn('postgres')('a server process killed under load behind nginx (PostgreSQL)', () => {
  let database: TestDatabase;
  let fleet: Fleet;
  let nginx: LoadBalancer;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    fleet = await startFleet(3, database, { IPAM_DEFAULT_TIER: '1' });
    nginx = await startNginx(fleet.upstreams);
  }, 120_000);
  afterAll(async () => {
    await nginx?.stop();
    await fleet?.stop();
    await database?.destroy();
  });

  it(
    'acknowledges every allocation once, retried ones included, and writes none twice',
    { timeout: 120_000 },
    async () => {
      const owner = await signUpThrough(nginx.client());
      const group = await postGroup(owner, 'Cluster');
      const subnet = await postSubnet(owner, group.id, '10.70.0.0/22');
      expect(subnet.status).toBe(201);
      const token = await owner.call('POST', '/tokens', {
        name: 'deploy',
        scope: 'write',
        expiresInDays: 30,
      });
      expect(token.status).toBe(201);
      const auth = { authorization: `Bearer ${token.body.token as string}` };
      const path = `/api/accounts/${owner.accountId}/subnets/${subnet.body.id}/addresses/next`;

      const acknowledged: Allocation[] = [];
      const clients = Array.from({ length: CLIENTS }, async (_, c) => {
        const client = nginx.client(auth);
        for (let n = 0; n < KEYS_PER_CLIENT; n++)
          acknowledged.push(await allocate(client, path, `c${c}-n${n}`));
      });
      const running = Promise.all(clients);
      running.catch(() => undefined);

      // Mid-run, hold the subnet so every allocation in flight waits inside its transaction (its key
      // claimed, nothing committed), kill one process while its requests wait, then let them go.
      while (acknowledged.length < CLIENTS * 2) await new Promise((resolve) => setTimeout(resolve, 20));
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let reportHeld = () => {};
      const isHeld = new Promise<void>((resolve) => (reportHeld = resolve));
      const holder = database.db.transaction().execute(async (trx) => {
        await trx.selectFrom('subnets').select('id').where('id', '=', subnet.body.id).forUpdate().execute();
        reportHeld();
        await held;
      });
      await isHeld;
      const deadline = Date.now() + 10_000;
      while ((await lockWaiters(database)) < CLIENTS - 1 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const victim = fleet.servers[1];
      if (!victim) throw new Error('no second process');
      const exited = new Promise((resolve) => victim.child.once('exit', resolve));
      victim.child.kill('SIGKILL');
      await exited;
      release();
      await holder;
      await running;

      // Some allocations met the dead process (and were answered only on a retry); each key got one
      // address, and the database holds exactly the acknowledged ones, each once.
      expect(acknowledged).toHaveLength(CLIENTS * KEYS_PER_CLIENT);
      const retried = acknowledged.filter((allocation) => allocation.statuses.length > 1);
      expect(retried.length).toBeGreaterThan(0);
      // Each failed once (the proxy's 502, or no answer); the 409s after it said "still running, wait".
      const failures = (a: Allocation) => a.statuses.filter((status) => status !== 409 && status !== 201);
      expect(retried.map((a) => [a.key, failures(a).length])).toEqual(retried.map((a) => [a.key, 1]));
      const rows = await database.db
        .selectFrom('ip_addresses')
        .select(['ip_address', 'hostname'])
        .where('subnet_id', '=', subnet.body.id)
        .execute();
      const stored = rows.map((row) => `${row.hostname} ${row.ip_address}`).toSorted();
      const addressOf = (a: Allocation) =>
        a.ipAddress ?? rows.find((row) => row.hostname === a.key)?.ip_address;
      expect(stored).toEqual(acknowledged.map((a) => `${a.key} ${addressOf(a)}`).toSorted());
      expect(new Set(rows.map((row) => row.ip_address)).size).toBe(rows.length);

      // nginx noticed the dead process, and the two left answer everything through it.
      expect(nginx.output()).toContain(fleet.upstreams[1]);
      for (let i = 0; i < 6; i++) {
        expect((await nginx.client(auth).get(`/api/accounts/${owner.accountId}/subnets`)).status).toBe(200);
      }
      console.info(
        `retried allocations: ${retried.map((a) => `${a.key} [${a.statuses.join(' ')}]`).join(', ')}`,
      );
    },
  );
});
