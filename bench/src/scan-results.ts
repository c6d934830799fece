/**
 * The server applying a /16 scan: 65,536 host results in 16 batches of 4,096 (what the agent sends),
 * auto scanning (half the hosts answer: 32,768 addresses written) and approval scanning (32,768
 * entries), on SQLite and PostgreSQL: wall time per job and per batch, and SQL statements per batch.
 * With `--three-sources`, the live hosts come as the agent reports what three sources saw (issue 33): a
 * third by ICMP, a third from a router's neighbour table over SNMP (with a MAC), a third from DHCP leases
 * (with a MAC and the lease's name); every live host is a first sighting, so each also writes a
 * "new host" alert.
 * Run: node --conditions=source --import tsx bench/src/scan-results.ts [--three-sources]   (prints a markdown report)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { KyselyPlugin } from 'kysely';
import { MAX_SCAN_HOSTS_PER_BATCH, scanResultsSchema } from '@ipam/core/schemas/scanner-schemas';
import { findAccountOfMember, updateTierAndLimits } from '@ipam/server/accounts/account-repository';
import { signUp } from '@ipam/server/auth/sign-up';
import { openDatabase, type DatabaseTarget, type Db } from '@ipam/server/db/database';
import { migrateToLatest } from '@ipam/server/db/migrate';
import { noopEventPublisher } from '@ipam/server/events/event-publisher';
import { createGroup } from '@ipam/server/groups/groups';
import { applyScanResults } from '@ipam/server/scanners/scan-results';
import { findScanner } from '@ipam/server/scanners/scanner-repository';
import { createScanner } from '@ipam/server/scanners/scanners';
import { createSubnet } from '@ipam/server/subnets/subnets';
import { machineLine, median } from './bench-utils.js';

const HOSTS = 65_536;
const isThreeSources = process.argv.includes('--three-sources');
const SOURCES = ['icmp', 'snmp', 'dhcp'] as const;

/** A MAC of host n, as a router or a lease would give it. */
function macOf(n: number): string {
  return `02:00:00:00:${(n >> 8).toString(16).padStart(2, '0')}:${(n & 255).toString(16).padStart(2, '0')}`;
}
const RUNS = 3;
const postgresUrl = process.env.IPAM_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Counts the statements a database handle runs (transactions opened from it count too). */
function counting(db: Db): { db: Db; count: () => number } {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      statements++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), count: () => statements };
}

async function open(kind: 'sqlite' | 'postgres'): Promise<{ db: Db; cleanup: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'ipam-bench-scan-'));
    const db = openDatabase({ kind: 'sqlite', file: join(dir, 'ipam.sqlite') });
    await migrateToLatest(db);
    return { db, cleanup: async () => (await db.destroy(), rmSync(dir, { recursive: true, force: true })) };
  }
  const name = `ipam_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const target: DatabaseTarget = { kind: 'postgres', url: url.toString() };
  const db = openDatabase(target);
  await migrateToLatest(db);
  return {
    db,
    cleanup: async () => {
      await db.destroy();
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    },
  };
}

/** Host n of 10.0.0.0/16 (1 … 65,534); the results name every listed host, odd ones alive. */
function batches(subnetId: string): ReturnType<typeof scanResultsSchema.parse>[] {
  const hosts = Array.from({ length: HOSTS - 2 }, (_, i) => {
    const n = i + 1;
    const alive = n % 2 === 1;
    const ipAddress = `10.0.${n >> 8}.${n & 255}`;
    if (!isThreeSources || !alive) return { ipAddress, alive, method: 'icmp', hostname: `h${n}.lan` };
    const method = SOURCES[((n - 1) / 2) % 3] ?? 'icmp';
    if (method === 'icmp') return { ipAddress, alive, method, hostname: `h${n}.lan` };
    return {
      ipAddress,
      alive,
      method,
      mac: macOf(n),
      hostname: method === 'dhcp' ? `lease-${n}` : undefined,
    };
  });
  const out = [];
  for (let start = 0; start < hosts.length; start += MAX_SCAN_HOSTS_PER_BATCH) {
    const chunk = hosts.slice(start, start + MAX_SCAN_HOSTS_PER_BATCH);
    out.push(
      scanResultsSchema.parse({
        subnetId,
        startedAt: '2026-11-23T10:00:00Z',
        finishedAt: '2026-11-23T10:01:00Z',
        done: start + MAX_SCAN_HOSTS_PER_BATCH >= hosts.length,
        hosts: chunk,
      }),
    );
  }
  return out;
}

async function measure(kind: 'sqlite' | 'postgres', scanningType: 'auto' | 'approval') {
  const totals: number[] = [];
  const perBatch: number[] = [];
  const statements: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { db: raw, cleanup } = await open(kind);
    try {
      const { userId, accountId } = await signUp(raw, {
        email: `bench-${run}@example.com`,
        password: 'correct horse battery',
      });
      await updateTierAndLimits(raw, accountId, { tier: 1, maxusers: 5, maxnetworks: 10 });
      const account = await findAccountOfMember(raw, accountId, userId);
      if (!account) throw new Error('no account');
      const ctx = { db: raw, account, userId, events: noopEventPublisher };
      const group = await createGroup(ctx, { name: 'Bench' });
      const subnet = await createSubnet(ctx, {
        version: 4,
        name: 'Campus',
        vlanId: 1,
        groupId: group.id,
        networkIP: '10.0.0.0',
        length: 16,
        scanningType,
        scanFrequency: 24,
      });
      const created = await createScanner(ctx, {
        name: 'HQ',
        description: '',
        subnets: [subnet.id],
        blockScanning: false,
      });
      const scanner = await findScanner(raw, accountId, created.id);
      if (!scanner) throw new Error('no scanner');
      const { db, count } = counting(raw);
      const scanCtx = { db, account, userId: null, actor: 'scanner HQ', events: noopEventPublisher };
      const started = performance.now();
      for (const batch of batches(subnet.id)) {
        const before = performance.now();
        await applyScanResults(scanCtx, scanner, batch);
        perBatch.push(performance.now() - before);
      }
      totals.push(performance.now() - started);
      statements.push(count() / Math.ceil((HOSTS - 2) / MAX_SCAN_HOSTS_PER_BATCH));
    } finally {
      await cleanup();
    }
  }
  return { total: median(totals), batch: median(perBatch), statements: median(statements) };
}

const lines = [
  `Applying a /16 scan (65,534 hosts, half alive${isThreeSources ? ', seen by ICMP, SNMP and DHCP in thirds' : ''}, 16 batches of ≤ 4,096) — ${machineLine()}`,
  '',
  '| engine | scanning | job, median ms | batch, median ms | statements per batch |',
  '|---|---|---:|---:|---:|',
];
for (const kind of ['sqlite', 'postgres'] as const) {
  for (const scanningType of ['auto', 'approval'] as const) {
    const result = await measure(kind, scanningType);
    lines.push(
      `| ${kind} | ${scanningType} | ${result.total.toFixed(0)} | ${result.batch.toFixed(1)} | ${result.statements.toFixed(0)} |`,
    );
  }
}
console.log(lines.join('\n'));
