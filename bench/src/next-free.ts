/**
 * Next free address on a /8 with 100,000 written addresses: the first 100,000 host addresses of
 * 10.0.0.0/8 are In Use, so the lowest free one sits behind all of them (the worst case for a walk).
 * Times the look-up alone (`freeAddressesOf`), the whole assignment (`assignNextFree`: subnet locked,
 * look-up, write, audit, commit) and, for scale, reading every stored key up to the gap in batches
 * (what a plain walk of the rows costs). SQLite file and PostgreSQL; medians of 15 runs after 2 warm-ups.
 * Run: node --conditions=source --import tsx bench/src/next-free.ts
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { findAccountOfMember, updateTierAndLimits } from '@ipam/server/accounts/account-repository';
import { addressesBetweenStored } from '@ipam/server/addresses/address-walks';
import { insertAddressRows } from '@ipam/server/addresses/address-write-repository';
import { assignNextFree, freeAddressesOf } from '@ipam/server/addresses/next-free';
import { signUp } from '@ipam/server/auth/sign-up';
import { openDatabase, type DatabaseTarget } from '@ipam/server/db/database';
import { migrateToLatest } from '@ipam/server/db/migrate';
import { noopEventPublisher } from '@ipam/server/events/event-publisher';
import { createGroup } from '@ipam/server/groups/groups';
import { requireSubnet } from '@ipam/server/subnets/subnets';
import { createSubnet } from '@ipam/server/subnets/subnets';
import { formatAddress } from '@ipam/core/ip-address';
import { machineLine, median } from './bench-utils.js';

const WRITTEN = 100_000;
const RUNS = 15;
const WARM_UPS = 2;
const postgresUrl = process.env.IPAM_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function openTarget(kind: 'sqlite' | 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'ipam-bench-next-free-'));
  if (kind === 'sqlite') {
    const target: DatabaseTarget = { kind: 'sqlite', file: join(dir, 'ipam.sqlite') };
    return { target, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `ipam_bench_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const target: DatabaseTarget = { kind: 'postgres', url: url.toString() };
  return {
    target,
    cleanup: async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function timed(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UPS + runs; i++) {
    const started = performance.now();
    await work();
    if (i >= WARM_UPS) times.push(performance.now() - started);
  }
  return times;
}

interface Row {
  engine: string;
  what: string;
  times: number[];
}

async function benchEngine(kind: 'sqlite' | 'postgres'): Promise<Row[]> {
  const { target, cleanup } = await openTarget(kind);
  const db = openDatabase(target);
  try {
    await migrateToLatest(db);
    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const { userId, accountId } = await signUp(db, { email, password: 'correct horse battery' });
    await updateTierAndLimits(db, accountId, { tier: 1, maxusers: 5, maxnetworks: 10 });
    const account = await findAccountOfMember(db, accountId, userId);
    if (!account) throw new Error('account not created');
    const ctx = { db, account, userId, events: noopEventPublisher };
    const group = await createGroup(ctx, { name: 'Bench' });
    const created = await createSubnet(ctx, {
      version: 4,
      name: 'Ten',
      vlanId: 10,
      groupId: group.id,
      networkIP: '10.0.0.0',
      length: 8,
    });
    const ref = { id: created.id, version: 4 as const };
    const updatedDate = new Date().toISOString();
    const loadStarted = performance.now();
    for (let block = 0; block < 10; block++) {
      const rows = Array.from({ length: WRITTEN / 10 }, (_, i) => ({
        value: created.prefix.network + 1n + BigInt(block * (WRITTEN / 10) + i),
        status: 'In Use' as const,
        hostname: `host-${block}-${i}`,
        description: '',
        allowScannerUpdate: true,
        updatedDate,
        updatedBy: userId,
      }));
      await db.transaction().execute((trx) => insertAddressRows(trx, accountId, ref, rows));
    }
    if (kind === 'postgres') await adminQueryOn(target, 'vacuum analyze ip_addresses');
    console.error(
      `${kind}: loaded ${WRITTEN} addresses in ${(performance.now() - loadStarted).toFixed(0)} ms`,
    );
    const subnet = await requireSubnet(db, accountId, created.id);
    const first = await freeAddressesOf(db, subnet, 1);
    console.error(`${kind}: first free ${first.map((v) => formatAddress(4, v)).join(', ')}`);

    const rows: Row[] = [];
    rows.push({
      engine: kind,
      what: 'look-up of the first free address',
      times: await timed(RUNS, () => freeAddressesOf(db, subnet, 1)),
    });
    rows.push({
      engine: kind,
      what: 'look-up of the first 16 free addresses',
      times: await timed(RUNS, () => freeAddressesOf(db, subnet, 16)),
    });
    rows.push({
      engine: kind,
      what: 'assignment (lock, look-up, write, audit, commit)',
      times: await timed(RUNS, () =>
        assignNextFree(ctx, created.id, { status: 'In Use', hostname: '', description: '', count: 1 }),
      ),
    });
    rows.push({
      engine: kind,
      what: 'for scale: reading every stored key up to the gap (batches of 2,000)',
      times: await timed(5, () =>
        addressesBetweenStored(
          db,
          ref,
          created.prefix.network + 1n,
          created.prefix.network + 16_777_214n,
          {},
          1,
        ),
      ),
    });
    return rows;
  } finally {
    await db.destroy();
    await cleanup();
  }
}

async function adminQueryOn(target: DatabaseTarget, statement: string): Promise<void> {
  if (target.kind !== 'postgres') return;
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const results: Row[] = [];
for (const kind of ['sqlite', 'postgres'] as const) results.push(...(await benchEngine(kind)));
console.log(`Machine: ${machineLine()}\n`);
console.log('| engine | operation | median ms | min ms | max ms |');
console.log('|---|---|---|---|---|');
for (const row of results) {
  const fixed = (value: number) => value.toFixed(2);
  console.log(
    `| ${row.engine} | ${row.what} | ${fixed(median(row.times))} | ${fixed(Math.min(...row.times))} | ${fixed(Math.max(...row.times))} |`,
  );
}
