/**
 * The Ansible inventory route: an account with 10,000 hosts (In Use addresses with a hostname) in 40
 * subnets of 8 groups, plus 2,000 Reserved addresses it leaves out, and the time of one
 * `GET /api/accounts/:a/inventory` over loopback HTTP with a read API token (request sent → whole
 * body read), sequentially, on SQLite and PostgreSQL; then the same answer turned into Ansible's JSON.
 *
 * Run: node --conditions=source --import tsx bench/src/inventory.ts
 */
import { randomBytes } from 'node:crypto';
import { ansibleInventory } from '@ipam/core/ansible-inventory';
import { inventoryResponse } from '@ipam/core/api/inventory';
import { findAccountOfMember, updateTierAndLimits } from '@ipam/server/accounts/account-repository';
import type { AddressFields } from '@ipam/server/addresses/address-row';
import { insertAddressRows } from '@ipam/server/addresses/address-write-repository';
import { signUp } from '@ipam/server/auth/sign-up';
import { openDatabase, type Db } from '@ipam/server/db/database';
import { migrateToLatest } from '@ipam/server/db/migrate';
import { noopEventPublisher } from '@ipam/server/events/event-publisher';
import { createGroup } from '@ipam/server/groups/groups';
import { createSubnet } from '@ipam/server/subnets/subnets';
import { openTarget, PASSWORD } from './address-fixture.js';
import { buildBenchApp, logIn } from './bench-server.js';
import { machineLine, percentile } from './bench-utils.js';

const GROUPS = 8;
const SUBNETS = 40;
const HOSTS_PER_SUBNET = 250;
const RESERVED_PER_SUBNET = 50;
const RUNS = 30;

/** Groups "Site g" (every other one inside the one before); subnet k is 10.k.0.0/22 in group k mod 8. */
async function fill(db: Db): Promise<{ accountId: string; email: string }> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const { userId, accountId } = await signUp(db, { email, password: PASSWORD });
  await updateTierAndLimits(db, accountId, { tier: 2, maxusers: 20, maxnetworks: 100 });
  const account = await findAccountOfMember(db, accountId, userId);
  if (!account) throw new Error('account not created');
  const ctx = { db, account, userId, events: noopEventPublisher };
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    const parentId = g % 2 === 1 ? groups[g - 1] : undefined;
    groups.push((await createGroup(ctx, { name: `Site ${g}`, ...(parentId ? { parentId } : {}) })).id);
  }
  for (let k = 0; k < SUBNETS; k++) {
    const subnet = await createSubnet(ctx, {
      version: 4,
      name: `Rack ${k}`,
      vlanId: 100 + k,
      groupId: groups[k % GROUPS] ?? '',
      networkIP: `10.${k}.0.0`,
      length: 22,
    });
    const rows = Array.from({ length: HOSTS_PER_SUBNET + RESERVED_PER_SUBNET }, (_, i) => {
      const fields: AddressFields =
        i < HOSTS_PER_SUBNET
          ? {
              status: 'In Use',
              hostname: `host-${k}-${i}.corp`,
              description: `rack ${k}`,
              allowScannerUpdate: true,
            }
          : { status: 'Reserved', hostname: `spare-${k}-${i}`, description: '', allowScannerUpdate: false };
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
  return { accountId, email };
}

async function main(): Promise<void> {
  const lines: string[] = [];
  for (const kind of ['sqlite', 'postgres'] as const) {
    const { target, cleanup } = await openTarget(kind);
    const db = openDatabase(target);
    try {
      await migrateToLatest(db);
      const { accountId, email } = await fill(db);
      const app = await buildBenchApp(target);
      const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
      try {
        const cookie = await logIn(baseUrl, email);
        const made = await fetch(`${baseUrl}/api/accounts/${accountId}/tokens`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json', origin: baseUrl },
          body: JSON.stringify({ name: 'bench', scope: 'read', expiresInDays: 30 }),
        });
        const { token } = (await made.json()) as { token: string };
        const read = async () => {
          const response = await fetch(`${baseUrl}/api/accounts/${accountId}/inventory`, {
            headers: { authorization: `Bearer ${token}` },
          });
          const text = await response.text();
          if (response.status !== 200) throw new Error(`inventory answered ${response.status}: ${text}`);
          return text;
        };
        const text = await read();
        await read();
        const hosts = inventoryResponse.parse(JSON.parse(text)).hosts.length;
        if (hosts !== SUBNETS * HOSTS_PER_SUBNET) throw new Error(`expected 10,000 hosts, got ${hosts}`);
        const loadBefore = machineLine();
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const start = performance.now();
          await read();
          times.push(performance.now() - start);
        }
        const converted: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const start = performance.now();
          ansibleInventory(inventoryResponse.parse(JSON.parse(text)));
          converted.push(performance.now() - start);
        }
        const line =
          `| ${kind} | ${hosts} | ${(text.length / 1e6).toFixed(2)} MB | ${percentile(times, 0.5).toFixed(0)} | ` +
          `${percentile(times, 0.95).toFixed(0)} | ${percentile(converted, 0.5).toFixed(0)} |`;
        console.log(`# before: ${loadBefore}\n# after:  ${machineLine()}\n${line}`);
        lines.push(line);
      } finally {
        await app.close();
      }
    } finally {
      await db.destroy();
      await cleanup();
    }
  }
  console.log(
    '\n| engine | hosts | answer | route p50 ms | route p95 ms | to Ansible JSON p50 ms |\n|---|---|---|---|---|---|',
  );
  for (const line of lines) console.log(line);
}

await main();
