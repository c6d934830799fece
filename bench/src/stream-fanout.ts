/**
 * Event-stream fan-out between tenants (issue 19): another tenant's address-list request, idle, then
 * with 2,000 open event streams of ten noisy accounts (200 each, the per-account cap; 10 per user, the
 * per-user cap), then with those accounts also writing (every write is an event for their 200 streams),
 * and last the same writes with every stream closed, so the fan-out's own cost shows against them.
 * The server runs in a child process; streams, writers and the measured client run here.
 * Run: node --conditions=source --import tsx bench/src/stream-fanout.ts   (prints a markdown report)
 */
import type { ClientRequest } from 'node:http';
import { linkUser, updateTierAndLimits } from '@ipam/server/accounts/account-repository';
import { signUp } from '@ipam/server/auth/sign-up';
import { nowIso } from '@ipam/server/db/db-values';
import { MAX_STREAMS_PER_ACCOUNT, MAX_STREAMS_PER_USER } from '@ipam/core/limits';
import { PASSWORD, setUp } from './address-fixture.js';
import { logIn, openEventStream, runEngineTable, startServer } from './bench-server.js';
import { median, percentile } from './bench-utils.js';

const NOISY_ACCOUNTS = 10;
const USERS_PER_ACCOUNT = MAX_STREAMS_PER_ACCOUNT / MAX_STREAMS_PER_USER;
const SAMPLES = 300;
/** Pause between two writes of one noisy account: 10 accounts → ~100 events a second in all. */
const WRITE_EVERY_MS = 100;

/** Milliseconds of each of `SAMPLES` sequential list requests of the quiet tenant. */
async function sampleLatency(url: string, cookie: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`list answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

/** Runs `measure` while each noisy account's owner writes (a group) every WRITE_EVERY_MS. */
async function underWrites(
  baseUrl: string,
  owners: readonly { accountId: string; cookie: string }[],
  measure: () => Promise<number[]>,
): Promise<{ times: number[]; writesPerSecond: number }> {
  let writing = true;
  const writers = owners.map(async ({ accountId, cookie }, a) => {
    let n = 0;
    while (writing) {
      const response = await fetch(`${baseUrl}/api/accounts/${accountId}/groups`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `noise ${a}-${Date.now()}-${n++}` }),
      });
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, WRITE_EVERY_MS));
    }
    return n;
  });
  const started = performance.now();
  const times = await measure();
  writing = false;
  const writes = (await Promise.all(writers)).reduce((sum, n) => sum + n, 0);
  return { times, writesPerSecond: writes / ((performance.now() - started) / 1000) };
}

async function run(kind: 'sqlite' | 'postgres'): Promise<string[]> {
  const setup = await setUp(kind);
  const server = await startServer(process.argv[1] ?? '', setup.target);
  const rows: string[] = [];
  const streams: ClientRequest[] = [];
  let received = 0;
  try {
    const quietCookie = await logIn(server.baseUrl, setup.email);
    const listUrl = `${server.baseUrl}/api/accounts/${setup.accountId}/subnets/${setup.subnetId}/addresses?cursor=10.126.20.0&limit=100`;
    const idle = await sampleLatency(listUrl, quietCookie);

    const noisy: { accountId: string; cookie: string }[] = [];
    for (let a = 0; a < NOISY_ACCOUNTS; a++) {
      const owner = await signUp(setup.db, { email: `noisy-${a}-owner@example.com`, password: PASSWORD });
      await updateTierAndLimits(setup.db, owner.accountId, { tier: 4, maxusers: 100, maxnetworks: 10 });
      const members = [`noisy-${a}-owner@example.com`];
      for (let u = 1; u < USERS_PER_ACCOUNT; u++) {
        const email = `noisy-${a}-${u}@example.com`;
        const user = await signUp(setup.db, { email, password: PASSWORD });
        await linkUser(setup.db, user.userId, owner.accountId, nowIso(), 'editor');
        members.push(email);
      }
      for (const email of members) {
        const cookie = await logIn(server.baseUrl, email);
        noisy.push({ accountId: owner.accountId, cookie });
        for (let s = 0; s < MAX_STREAMS_PER_USER; s++) {
          const url = `${server.baseUrl}/api/accounts/${owner.accountId}/events`;
          streams.push(await openEventStream(url, cookie, () => (received += 1)));
        }
      }
    }
    const withStreams = await sampleLatency(listUrl, quietCookie);
    const owners = noisy.filter((_, i) => i % USERS_PER_ACCOUNT === 0);
    const streaming = await underWrites(server.baseUrl, owners, () => sampleLatency(listUrl, quietCookie));
    for (const stream of streams) stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const receivedBefore = received;
    const writesOnly = await underWrites(server.baseUrl, owners, () => sampleLatency(listUrl, quietCookie));
    if (received !== receivedBefore) throw new Error('streams still received events after they closed');

    const line = (label: string, times: number[]) =>
      `| ${kind} | ${label} | ${median(times).toFixed(2)} | ${percentile(times, 0.99).toFixed(2)} | ${(median(times) / median(idle)).toFixed(2)} |`;
    rows.push(line('none (idle)', idle));
    rows.push(line(`${streams.length} open streams, no events`, withStreams));
    rows.push(line(`no streams; ${writesOnly.writesPerSecond.toFixed(0)} writes/s`, writesOnly.times));
    rows.push(
      line(
        `${streams.length} streams; ${streaming.writesPerSecond.toFixed(0)} writes/s, each an event for 200 streams`,
        streaming.times,
      ),
    );
  } finally {
    for (const stream of streams) stream.destroy();
    server.stop();
    await setup.db.destroy();
    await setup.cleanup();
  }
  return rows;
}

await runEngineTable(
  "| engine | the other accounts' streams | quiet tenant's list request: median ms | p99 ms | median / idle |\n|---|---|---|---|---|",
  run,
);
