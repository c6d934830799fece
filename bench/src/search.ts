/**
 * Search across all subnets: an account with 50 subnets holding 100,000 written addresses, and the
 * median time of `searchAccount` (what GET /api/accounts/:a/search calls after its membership check)
 * per kind of query, on SQLite and PostgreSQL. Target: under 100 ms on both.
 *
 * Run: node --conditions=source --import tsx bench/src/search.ts
 */
import { randomBytes } from 'node:crypto';
import { findAccountOfMember, updateTierAndLimits } from '@ipam/server/accounts/account-repository';
import type { AddressFields } from '@ipam/server/addresses/address-row';
import { insertAddressRows } from '@ipam/server/addresses/address-write-repository';
import { signUp } from '@ipam/server/auth/sign-up';
import { openDatabase, type Db } from '@ipam/server/db/database';
import { migrateToLatest } from '@ipam/server/db/migrate';
import { noopEventPublisher } from '@ipam/server/events/event-publisher';
import { createGroup } from '@ipam/server/groups/groups';
import { searchAccount } from '@ipam/server/search/search';
import { createSubnet } from '@ipam/server/subnets/subnets';
import { openTarget, PASSWORD } from './address-fixture.js';
import { machineLine, timeMedian } from './bench-utils.js';

const SUBNETS = 50;
const PER_SUBNET = 2000;
const TARGET_MS = 100;

/** Subnet k is 10.k.0.0/16 named "Floor k"; its written addresses are 10.k.0.1 … 10.k.7.208. */
async function fill(db: Db): Promise<string> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const { userId, accountId } = await signUp(db, { email, password: PASSWORD });
  await updateTierAndLimits(db, accountId, { tier: 2, maxusers: 20, maxnetworks: 100 });
  const account = await findAccountOfMember(db, accountId, userId);
  if (!account) throw new Error('account not created');
  const ctx = { db, account, userId, events: noopEventPublisher };
  const group = await createGroup(ctx, { name: 'Campus' });
  for (let k = 0; k < SUBNETS; k++) {
    const subnet = await createSubnet(ctx, {
      version: 4,
      name: `Floor ${k}`,
      vlanId: 100 + k,
      groupId: group.id,
      networkIP: `10.${k}.0.0`,
      length: 16,
    });
    const rows = Array.from({ length: PER_SUBNET }, (_, i) => {
      const fields: AddressFields =
        i % 10 < 8
          ? { status: 'In Use', hostname: `web-${k}-${i}.corp`, description: '', allowScannerUpdate: true }
          : {
              status: 'Reserved',
              hostname: '',
              description: `rack ${i % 40} spare`,
              allowScannerUpdate: false,
            };
      return {
        ...fields,
        value: BigInt((10 << 24) | (k << 16)) + BigInt(i + 1),
        updatedDate: new Date().toISOString(),
        updatedBy: userId,
      };
    });
    await db
      .transaction()
      .execute((trx) => insertAddressRows(trx, accountId, { id: subnet.id, version: 4 }, rows));
  }
  return accountId;
}

/** The queries measured: what a person looks for, from one exact host to a text that matches nothing. */
const QUERIES: ReadonlyArray<{ kind: string; q: string }> = [
  { kind: 'hostname, one match', q: 'web-17-1234.corp' },
  { kind: 'hostname, partial (capped: 200 shown)', q: 'web-3' },
  { kind: 'description word', q: 'rack 18 spare' },
  { kind: 'address, exact written', q: '10.17.3.5' },
  { kind: 'address, partial never-written (10.20.200.)', q: '10.20.200.' },
  { kind: 'address prefix in every subnet (10.)', q: '10.' },
  { kind: 'subnet name', q: 'Floor 42' },
  { kind: 'no match', q: 'nothing-here' },
];

async function main(): Promise<void> {
  console.log(`# ${machineLine()}`);
  const lines: string[] = [];
  let isOverBudget = false;
  for (const kind of ['sqlite', 'postgres'] as const) {
    const { target, cleanup } = await openTarget(kind);
    const db = openDatabase(target);
    try {
      await migrateToLatest(db);
      const started = performance.now();
      const accountId = await fill(db);
      console.log(
        `${kind}: ${SUBNETS * PER_SUBNET} addresses written in ${(performance.now() - started).toFixed(0)} ms`,
      );
      for (const { kind: queryKind, q } of QUERIES) {
        const answer = await searchAccount(db, accountId, q);
        const shown = answer.subnets.reduce((sum, s) => sum + s.addresses.length, 0);
        const total = answer.subnets.reduce((sum, s) => sum + s.addressTotal, 0);
        const timing = await timeMedian(() => searchAccount(db, accountId, q));
        if (timing.median >= TARGET_MS) isOverBudget = true;
        const line =
          `| ${kind} | ${queryKind} | \`${q}\` | ${answer.subnets.length} | ${shown} / ${total} | ` +
          `${timing.median.toFixed(2)} | ${timing.min.toFixed(2)} | ${timing.max.toFixed(2)} |`;
        lines.push(line);
        console.log(line);
      }
    } finally {
      await db.destroy();
      await cleanup();
    }
  }
  console.log(`# ${machineLine()}`);
  console.log(
    '\n| engine | query kind | q | subnets | addresses shown / matching | median ms | min ms | max ms |\n|---|---|---|---|---|---|---|---|',
  );
  for (const line of lines) console.log(line);
  if (isOverBudget) {
    console.log(`\nA median reached ${TARGET_MS} ms.`);
    process.exitCode = 1;
  }
}

await main();
