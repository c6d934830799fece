/**
 * Next free address on a /8 with 100,000 written addresses: the first 100,000 host addresses of
 * 10.0.0.0/8 are In Use, so the lowest free one sits behind all of them (the worst case for a walk).
 * Times the look-up alone (`freeAddressesOf`), the whole assignment (`assignNextFree`: subnet locked,
 * look-up, write, audit, commit) and, for scale, reading every stored key up to the gap in batches
 * (what a plain walk of the rows costs). SQLite file and PostgreSQL; medians of 15 runs after 2 warm-ups.
 * Run: node --conditions=source --import tsx bench/src/next-free.ts
 */
import pg from 'pg';
import { addressesBetweenStored } from '@ipam/server/addresses/address-walks';
import { insertAddressRows } from '@ipam/server/addresses/address-write-repository';
import { assignNextFree, freeAddressesOf } from '@ipam/server/addresses/next-free';
import type { DatabaseTarget } from '@ipam/server/db/database';
import { requireSubnet } from '@ipam/server/subnets/subnets';
import { formatAddress } from '@ipam/core/ip-address';
import { createSlash8Account } from './address-fixture.js';
import { machineLine, timeMedian } from './bench-utils.js';

const WRITTEN = 100_000;

interface Row {
  engine: string;
  what: string;
  timing: { median: number; min: number; max: number };
}

async function benchEngine(kind: 'sqlite' | 'postgres'): Promise<Row[]> {
  const { db, target, cleanup, userId, accountId, ctx, subnet: created } = await createSlash8Account(kind);
  try {
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
      timing: await timeMedian(() => freeAddressesOf(db, subnet, 1)),
    });
    rows.push({
      engine: kind,
      what: 'look-up of the first 16 free addresses',
      timing: await timeMedian(() => freeAddressesOf(db, subnet, 16)),
    });
    rows.push({
      engine: kind,
      what: 'assignment (lock, look-up, write, audit, commit)',
      timing: await timeMedian(() =>
        assignNextFree(ctx, created.id, { status: 'In Use', hostname: '', description: '', count: 1 }),
      ),
    });
    rows.push({
      engine: kind,
      what: 'for scale: reading every stored key up to the gap (batches of 2,000)',
      timing: await timeMedian(
        () =>
          addressesBetweenStored(
            db,
            ref,
            created.prefix.network + 1n,
            created.prefix.network + 16_777_214n,
            {},
            1,
          ),
        5,
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
    `| ${row.engine} | ${row.what} | ${fixed(row.timing.median)} | ${fixed(row.timing.min)} | ${fixed(row.timing.max)} |`,
  );
}
