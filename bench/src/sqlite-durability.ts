/**
 * The write cost of SQLite's synchronous=FULL (the default: a power cut loses no acknowledged commit)
 * against NORMAL (SQLITE_SYNCHRONOUS=normal), on a file on this machine's disk: address writes through
 * the domain command (one transaction each, with its audit entry), sequential and 8 at once.
 * Run: node --conditions=source --import tsx bench/src/sqlite-durability.ts   (prints a markdown report)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findAccountOfMember, updateTierAndLimits } from '@ipam/server/accounts/account-repository';
import { setAddress } from '@ipam/server/addresses/address-writes';
import { signUp } from '@ipam/server/auth/sign-up';
import { openDatabase } from '@ipam/server/db/database';
import { migrateToLatest } from '@ipam/server/db/migrate';
import { noopEventPublisher } from '@ipam/server/events/event-publisher';
import { createGroup } from '@ipam/server/groups/groups';
import { createSubnet } from '@ipam/server/subnets/subnets';
import { machineLine, median } from './bench-utils.js';

const WRITES = 400;
const ROUNDS = 5;
const CONCURRENT = 8;

async function measure(synchronous: 'full' | 'normal') {
  const dir = mkdtempSync(join(tmpdir(), `ipam-bench-sync-${synchronous}-`));
  const db = openDatabase({ kind: 'sqlite', file: join(dir, 'ipam.sqlite'), synchronous });
  try {
    await migrateToLatest(db);
    const { userId, accountId } = await signUp(db, {
      email: 'sync@example.com',
      password: 'correct horse battery',
    });
    await updateTierAndLimits(db, accountId, { tier: 1, maxusers: 5, maxnetworks: 10 });
    const account = await findAccountOfMember(db, accountId, userId);
    if (!account) throw new Error('account not created');
    const ctx = { db, account, userId, events: noopEventPublisher };
    const group = await createGroup(ctx, { name: 'Bench' });
    const subnet = await createSubnet(ctx, {
      version: 4,
      name: 'Ten',
      vlanId: 1,
      groupId: group.id,
      networkIP: '10.0.0.0',
      length: 8,
    });
    let next = 0;
    const write = () => {
      const n = next++;
      return setAddress(ctx, subnet.id, `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${(n & 255) | 1}`, {
        status: 'In Use',
        hostname: `host-${n}`,
        description: '',
        allowScannerUpdate: true,
      });
    };
    const sequential: number[] = [];
    const parallel: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let started = performance.now();
      for (let i = 0; i < WRITES; i++) await write();
      sequential.push((performance.now() - started) / WRITES);
      started = performance.now();
      for (let i = 0; i < WRITES; i += CONCURRENT)
        await Promise.all(Array.from({ length: CONCURRENT }, write));
      parallel.push((performance.now() - started) / WRITES);
    }
    return { sequential: median(sequential), parallel: median(parallel) };
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

const header = machineLine();
const full = await measure('full');
const normal = await measure('normal');
console.log(`Machine: ${header}\n`);
console.log(
  '| synchronous | ms per address write, one at a time (median of 5 × 400) | ms per write, 8 at once | writes/s one at a time |\n|---|---|---|---|',
);
for (const [name, result] of [
  ['FULL (default)', full],
  ['NORMAL', normal],
] as const) {
  console.log(
    `| ${name} | ${result.sequential.toFixed(3)} | ${result.parallel.toFixed(3)} | ${(1000 / result.sequential).toFixed(0)} |`,
  );
}
console.log(
  `\nFULL / NORMAL: ${(full.sequential / normal.sequential).toFixed(2)}× one at a time, ${(full.parallel / normal.parallel).toFixed(2)}× 8 at once.`,
);
console.log(`\nFinished: ${machineLine()}`);
