/**
 * Soak (issue 19): minutes of mixed traffic against one server per engine — address list pages at
 * random cursors, searches, address writes, group reads and writes, the session read — while event
 * streams stay open and receive every change. Reports requests, errors (must be 0: any non-2xx or
 * network error), latency p50/p99 per kind, and the server's memory at start, middle and end.
 * Run: node --conditions=source --import tsx bench/src/soak.ts [minutes per engine, default 10]
 */
import type { ClientRequest } from 'node:http';
import { setUp } from './address-fixture.js';
import { logIn, openEventStream, runEngineTable, startServer } from './bench-server.js';
import { median, percentile, randomSource } from './bench-utils.js';

const WORKERS = 12;
/** The per-user cap of open streams (the soak's one user holds them all). */
const STREAMS = 10;
const minutes = Number(process.argv[2] ?? '10');

type Kind = 'list' | 'search' | 'put' | 'groups' | 'group-write' | 'me';
const mix: readonly Kind[] = ['list', 'list', 'list', 'search', 'put', 'put', 'groups', 'group-write', 'me'];

interface Tally {
  times: Map<Kind, number[]>;
  errors: string[];
}

/** One request of a kind; throws on a non-2xx answer or a network error. */
async function request(
  base: string,
  cookie: string,
  groupId: string,
  kind: Kind,
  random: () => number,
): Promise<void> {
  const n = Math.floor(random() * 65536);
  const addressOf = () => `10.${1 + Math.floor(random() * 250)}.${(n >> 8) & 255}.${n & 255 || 1}`;
  const calls: Record<Kind, () => [string, RequestInit]> = {
    list: () => [`${base}/addresses?cursor=${addressOf()}&limit=100`, {}],
    search: () => [`${base}/addresses?q=host-${Math.floor(random() * 10)}-${n % 8000}&limit=50`, {}],
    put: () => [
      `${base}/addresses/${addressOf()}`,
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'In Use', hostname: `soak-${n}`, description: 'soak' }),
      },
    ],
    groups: () => [`${base.replace(/\/subnets\/.*$/, '')}/groups`, {}],
    // A rename: creating groups would meet the per-account cap within minutes.
    'group-write': () => [
      `${base.replace(/\/subnets\/.*$/, '')}/groups/${groupId}`,
      {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ description: `soak ${n}` }),
      },
    ],
    me: () => [`${new URL(base).origin}/api/auth/me`, {}],
  };
  const [url, init] = calls[kind]();
  const response = await fetch(url, { ...init, headers: { ...init.headers, cookie } });
  await response.arrayBuffer();
  if (response.status < 200 || response.status > 299) throw new Error(`${kind} answered ${response.status}`);
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function soak(kind: 'sqlite' | 'postgres'): Promise<string[]> {
  const setup = await setUp(kind);
  const server = await startServer(process.argv[1] ?? '', setup.target);
  const streams: ClientRequest[] = [];
  let streamChunks = 0;
  const tally: Tally = { times: new Map(), errors: [] };
  try {
    const cookie = await logIn(server.baseUrl, setup.email);
    const base = `${server.baseUrl}/api/accounts/${setup.accountId}/subnets/${setup.subnetId}`;
    const created = await fetch(`${server.baseUrl}/api/accounts/${setup.accountId}/groups`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Soak' }),
    });
    const { id: groupId } = (await created.json()) as { id: string };
    for (let i = 0; i < STREAMS; i++) {
      const url = `${server.baseUrl}/api/accounts/${setup.accountId}/events`;
      streams.push(await openEventStream(url, cookie, () => (streamChunks += 1)));
    }
    const rssStart = await server.rssBytes();
    const deadline = Date.now() + minutes * 60_000;
    let rssMiddle = 0;
    const middle = setTimeout(
      () => void server.rssBytes().then((rss) => (rssMiddle = rss)),
      (minutes * 60_000) / 2,
    );
    const workers = Array.from({ length: WORKERS }, async (_, w) => {
      const random = randomSource(w + 1);
      while (Date.now() < deadline) {
        const what = mix[Math.floor(random() * mix.length)] ?? 'me';
        const started = performance.now();
        try {
          await request(base, cookie, groupId, what, random);
          const list = tally.times.get(what) ?? [];
          list.push(performance.now() - started);
          tally.times.set(what, list);
        } catch (error) {
          tally.errors.push(error instanceof Error ? error.message : String(error));
        }
      }
    });
    await Promise.all(workers);
    clearTimeout(middle);
    const rssEnd = await server.rssBytes();
    const all = [...tally.times.values()].flat();
    const rows = [...tally.times.entries()].map(
      ([what, times]) =>
        `| ${kind} | ${what} | ${times.length} | ${median(times).toFixed(1)} | ${percentile(times, 0.99).toFixed(1)} |`,
    );
    rows.push(
      `| ${kind} | **all** (${minutes} min, ${WORKERS} clients, ${STREAMS} streams got ${streamChunks} chunks) | ${all.length} (${(all.length / (minutes * 60)).toFixed(0)}/s) | ${median(all).toFixed(1)} | ${percentile(all, 0.99).toFixed(1)} |`,
    );
    rows.push(
      `| ${kind} | errors: **${tally.errors.length}**${tally.errors.length ? ` (${[...new Set(tally.errors)].slice(0, 3).join('; ')})` : ''}; server memory start / middle / end: ${mb(rssStart)} / ${mb(rssMiddle)} / ${mb(rssEnd)} MB | | | |`,
    );
    return rows;
  } finally {
    for (const stream of streams) stream.destroy();
    server.stop();
    await setup.db.destroy();
    await setup.cleanup();
  }
}

await runEngineTable('| engine | request | count | p50 ms | p99 ms |\n|---|---|---|---|---|', soak);
