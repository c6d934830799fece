/**
 * Webhook delivery latency under load (issue 32): 1,000 address changes a minute for a minute, each
 * delivered to one webhook on a loopback receiver; the time from the change's commit (setAddress
 * returning) to the receiver reading the request. The app is built as `ipam start` builds it (its
 * outbox worker polling every second and woken by each commit); changes go through runChange, as every
 * writer's do. SQLite file and PostgreSQL.
 * Run: node --conditions=source --import tsx bench/src/webhooks.ts [seconds=60] [perMinute=1000]
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setAddress } from '@ipam/server/addresses/address-writes';
import { buildApp } from '@ipam/server/app';
import { parseConfig } from '@ipam/server/config/env';
import { openDatabase } from '@ipam/server/db/database';
import { createWebhook } from '@ipam/server/webhooks/webhooks';
import { createSlash8Account } from './address-fixture.js';
import { machineLine, percentile } from './bench-utils.js';

const seconds = Number(process.argv[2] ?? 60);
const perMinute = Number(process.argv[3] ?? 1000);

interface Row {
  engine: string;
  changes: number;
  delivered: number;
  p50: number;
  p95: number;
  max: number;
  load: string;
}

/** A loopback receiver noting when each hostname's event arrived. */
async function startReceiver() {
  const arrivals = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        data: { after: { hostname?: string } };
      };
      arrivals.set(event.data.after.hostname ?? '', at);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, arrivals, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function benchEngine(kind: 'sqlite' | 'postgres'): Promise<Row> {
  const { db, target, cleanup, ctx, subnet } = await createSlash8Account(kind);
  await db.destroy();
  const config = parseConfig({
    LOG_LEVEL: 'silent',
    IPAM_DATA_DIR: mkdtempSync(join(tmpdir(), 'ipam-bench-webhooks-')),
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_ALLOW_HTTP: 'true',
  });
  const appDb = openDatabase(target);
  const app = await buildApp(config, appDb);
  await app.ready();
  const receiver = await startReceiver();
  try {
    const appCtx = { ...ctx, db: appDb };
    await createWebhook(
      appCtx,
      { allowPrivate: true, allowHttp: true },
      {
        url: receiver.url,
        events: ['address.created'],
        active: true,
      },
    );
    const total = Math.round((seconds * perMinute) / 60);
    const gapMs = 60_000 / perMinute;
    const committed = new Map<string, number>();
    const started = performance.now();
    const writes: Promise<void>[] = [];
    const loadBefore = loadavg()[0] ?? 0;
    for (let i = 0; i < total; i++) {
      // An open schedule: change i starts at i × gap whatever the earlier ones are doing.
      const due = started + i * gapMs;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const hostname = `host-${i}`;
      const n = i + 1;
      const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      writes.push(
        setAddress(appCtx, subnet.id, ip, {
          status: 'In Use',
          hostname,
          description: '',
          allowScannerUpdate: false,
        }).then(() => {
          committed.set(hostname, performance.now());
        }),
      );
    }
    await Promise.all(writes);
    const deadline = performance.now() + 30_000;
    while (receiver.arrivals.size < total && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const loadAfter = loadavg()[0] ?? 0;
    const latencies = [...committed].map(
      ([hostname, at]) => (receiver.arrivals.get(hostname) ?? Infinity) - at,
    );
    return {
      engine: kind,
      changes: total,
      delivered: receiver.arrivals.size,
      p50: percentile(latencies, 0.5),
      p95: percentile(latencies, 0.95),
      max: Math.max(...latencies),
      load: `${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
    };
  } finally {
    await receiver.close();
    await app.close();
    await appDb.destroy();
    await cleanup();
  }
}

const rows: Row[] = [];
for (const kind of ['sqlite', 'postgres'] as const) rows.push(await benchEngine(kind));
console.log(`Machine: ${machineLine()}\n`);
console.log(`${perMinute} changes a minute for ${seconds} s, one webhook on a loopback receiver\n`);
console.log(
  '| engine | changes | delivered | p50 ms | p95 ms | max ms | load average (1 min) before → after |',
);
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.engine} | ${row.changes} | ${row.delivered} | ${row.p50.toFixed(0)} | ${row.p95.toFixed(0)} | ${row.max.toFixed(0)} | ${row.load} |`,
  );
}
