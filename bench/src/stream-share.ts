/**
 * The event streams' share of the connections (issue 36): the issue's attack at full size against a
 * server with MAX_CONNECTIONS=2000 — 200 free accounts on 20 client addresses (127.0.1.1–20), each
 * user trying its 10 streams (2,000 tries) — then another tenant, on 127.0.0.1: 10 fresh connections
 * at once (the issue saw 9 of 10 reset), 200 sequential requests of its session on fresh connections,
 * and one event stream of its own. Run once with the share and the per-address cap out of the way
 * (as before the fix), once with the defaults (half of the connections, 100 per address).
 * Run: node --conditions=source --import tsx bench/src/stream-share.ts   (prints a markdown report)
 */
import { get as httpGet, type ClientRequest } from 'node:http';
import { signUp } from '@ipam/server/auth/sign-up';
import type { DatabaseTarget } from '@ipam/server/db/database';
import { MAX_STREAMS_PER_USER } from '@ipam/core/limits';
import { createSlash8Account, PASSWORD } from './address-fixture.js';
import { logIn, serveBenchApp, startServer } from './bench-server.js';
import { machineLine, median } from './bench-utils.js';

const MAX_CONNECTIONS = 2000;
const ADDRESSES = 20;
const USERS_PER_ADDRESS = 10;
const SAMPLES = 200;

/** A GET on a connection of its own: its status, or the error code (ECONNRESET…), and its time. */
function freshRequest(
  url: string,
  headers: Record<string, string>,
  localAddress?: string,
): Promise<{ outcome: string; ms: number; request: ClientRequest; status: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = httpGet(url, { headers, agent: false, localAddress }, (response) => {
      const status = response.statusCode ?? 0;
      response.resume();
      if (headers.accept === 'text/event-stream' && status === 200) {
        resolve({ outcome: '200', ms: performance.now() - started, request, status });
        return;
      }
      response.on('end', () =>
        resolve({ outcome: String(status), ms: performance.now() - started, request, status }),
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ outcome: error.code ?? error.message, ms: performance.now() - started, request, status: 0 }),
    );
  });
}

const tally = (outcomes: readonly string[]) => {
  const counts = new Map<string, number>();
  for (const outcome of outcomes) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  return [...counts].map(([outcome, n]) => `${n}× ${outcome}`).join(', ');
};
const p99 = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)] ?? 0;

async function run(kind: 'sqlite' | 'postgres', label: string, env: Record<string, string>) {
  const setup = await createSlash8Account(kind);
  const attackers: { email: string; address: string }[] = [];
  for (let a = 0; a < ADDRESSES; a++) {
    for (let u = 0; u < USERS_PER_ADDRESS; u++) {
      const email = `free-${a}-${u}@example.com`;
      await signUp(setup.db, { email, password: PASSWORD });
      attackers.push({ email, address: `127.0.1.${a + 1}` });
    }
  }
  await setup.db.destroy();
  const server = await startServer(process.argv[1] ?? '', setup.target, {
    env: { MAX_CONNECTIONS: String(MAX_CONNECTIONS), ...env },
  });
  const held: ClientRequest[] = [];
  try {
    const tenantCookie = await logIn(server.baseUrl, setup.email);
    const streamTries: string[] = [];
    let shed = 0;
    for (const attacker of attackers) {
      const cookie = await logIn(server.baseUrl, attacker.email);
      const me = (await (await fetch(`${server.baseUrl}/api/auth/me`, { headers: { cookie } })).json()) as {
        currentAccountId: string;
      };
      const url = `${server.baseUrl}/api/accounts/${me.currentAccountId}/events`;
      for (let s = 0; s < MAX_STREAMS_PER_USER; s++) {
        const answer = await freshRequest(url, { cookie, accept: 'text/event-stream' }, attacker.address);
        streamTries.push(answer.outcome);
        if (answer.status === 200) {
          held.push(answer.request);
          answer.request.once('close', () => (shed += 1));
        }
      }
    }
    const openStreams = held.length - shed;
    const headers = { cookie: tenantCookie };
    const meUrl = `${server.baseUrl}/api/auth/me`;
    const burst = await Promise.all(Array.from({ length: 10 }, () => freshRequest(meUrl, headers)));
    for (const answer of burst) answer.request.destroy();
    const times: number[] = [];
    const outcomes: string[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const answer = await freshRequest(meUrl, headers);
      outcomes.push(answer.outcome);
      times.push(answer.ms);
    }
    const stream = await freshRequest(`${server.baseUrl}/api/accounts/${setup.accountId}/events`, {
      ...headers,
      accept: 'text/event-stream',
    });
    stream.request.destroy();
    return (
      `| ${kind} | ${label} | ${tally(streamTries)} | ${openStreams} | ${tally(burst.map((b) => b.outcome))} | ` +
      `${tally(outcomes)} | ${median(times).toFixed(1)} | ${p99(times).toFixed(1)} | ${stream.outcome} |`
    );
  } finally {
    for (const request of held) request.destroy();
    server.stop();
    await setup.cleanup();
  }
}

async function main(): Promise<void> {
  const header = machineLine();
  const rows: string[] = [];
  for (const kind of ['sqlite', 'postgres'] as const) {
    rows.push(
      await run(kind, 'no share, no per-address cap (before)', {
        EVENT_STREAM_SHARE: '0.999',
        EVENT_STREAMS_PER_ADDRESS: '100000',
      }),
    );
    rows.push(await run(kind, 'defaults: share 0.5, 100 per address', { EVENT_STREAMS_PER_ADDRESS: '100' }));
  }
  console.log(`Machine: ${header}\n`);
  console.log(
    "| engine | streams | the attackers' 2,000 stream requests | streams open after | tenant: 10 fresh connections at once | tenant: 200 requests, fresh connections | median ms | p99 ms | tenant's own stream |\n|---|---|---|---|---|---|---|---|---|",
  );
  console.log(rows.join('\n'));
  console.log(`\nFinished: ${machineLine()}`);
}

if (process.argv[2] === 'serve') {
  await serveBenchApp(
    JSON.parse(process.argv[3] ?? '{}') as DatabaseTarget,
    JSON.parse(process.argv[4] ?? '{}') as Record<string, string>,
  );
} else {
  await main();
}
