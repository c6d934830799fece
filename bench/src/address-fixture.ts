/**
 * The /8 of the address benchmarks: a tier-1 account with the subnet 10.0.0.0/8 and 100,000 written
 * addresses, on a throw-away SQLite file or PostgreSQL database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { findAccountOfMember, updateTierAndLimits } from '@ipam/server/accounts/account-repository';
import type { AddressFields } from '@ipam/server/addresses/address-row';
import { insertAddressRows } from '@ipam/server/addresses/address-write-repository';
import { signUp } from '@ipam/server/auth/sign-up';
import { openDatabase, type DatabaseTarget, type Db } from '@ipam/server/db/database';
import { migrateToLatest } from '@ipam/server/db/migrate';
import { noopEventPublisher } from '@ipam/server/events/event-publisher';
import { createGroup } from '@ipam/server/groups/groups';
import { createSubnet } from '@ipam/server/subnets/subnets';

export const WRITTEN = 100_000;
/** Written addresses come in 10 blocks of 10,000 (a fully used DHCP scope each), spread over the /8. */
const BLOCKS = 10;
export const PASSWORD = 'correct horse battery';
export const postgresUrl = process.env.IPAM_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Block k starts at 10.(25k+1).0.0; its first 8,000 addresses are In Use, 1,500 Reserved, 500 Available. */
const blockStart = (k: number) => BigInt((10 << 24) | ((25 * k + 1) << 16));

export interface Setup {
  db: Db;
  target: DatabaseTarget;
  accountId: string;
  subnetId: string;
  email: string;
  insertMs: number;
  cleanup(): Promise<void>;
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A throw-away SQLite file or PostgreSQL database, and how to remove it. */
export async function openTarget(kind: 'sqlite' | 'postgres'): Promise<Pick<Setup, 'target' | 'cleanup'>> {
  let target: DatabaseTarget;
  if (kind === 'sqlite') {
    target = {
      kind: 'sqlite',
      file: join(mkdtempSync(join(tmpdir(), 'ipam-bench-addresses-')), 'ipam.sqlite'),
    };
  } else {
    const name = `ipam_bench_${randomBytes(5).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    target = { kind: 'postgres', url: url.toString() };
  }
  return { target, cleanup: () => removeTarget(target) };
}

/** Removes a database `openTarget` made: the SQLite file's folder, or the PostgreSQL database. */
export async function removeTarget(target: DatabaseTarget): Promise<void> {
  const name = target.kind === 'sqlite' ? dirname(target.file) : new URL(target.url).pathname.slice(1);
  // Only names openTarget gives: a target reported by another checkout's fixture never removes real data.
  const isBenchDatabase =
    target.kind === 'sqlite'
      ? name.startsWith(join(tmpdir(), 'ipam-bench-addresses-'))
      : /^ipam_bench_[0-9a-f]+$/.test(name);
  if (!isBenchDatabase) throw new Error(`not a bench database: ${name}`);
  if (target.kind === 'sqlite') rmSync(name, { recursive: true, force: true });
  else await adminQuery(`drop database if exists ${name} with (force)`);
}

/** A throw-away database holding a tier-1 account whose only subnet is 10.0.0.0/8, nothing written. */
export async function createSlash8Account(kind: 'sqlite' | 'postgres') {
  const { target, cleanup } = await openTarget(kind);
  const db = openDatabase(target);
  await migrateToLatest(db);
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const { userId, accountId } = await signUp(db, { email, password: PASSWORD });
  await updateTierAndLimits(db, accountId, { tier: 1, maxusers: 5, maxnetworks: 10 });
  const account = await findAccountOfMember(db, accountId, userId);
  if (!account) throw new Error('account not created');
  const ctx = { db, account, userId, events: noopEventPublisher };
  const group = await createGroup(ctx, { name: 'Bench' });
  const subnet = await createSubnet(ctx, {
    version: 4,
    name: 'Ten',
    vlanId: 10,
    groupId: group.id,
    networkIP: '10.0.0.0',
    length: 8,
  });
  return { db, target, cleanup, email, userId, accountId, ctx, subnet };
}

/** A tier-1 account with a /8 and 100,000 written addresses, inserted through the repository. */
export async function setUp(kind: 'sqlite' | 'postgres'): Promise<Setup> {
  const { db, target, cleanup, email, userId, accountId, subnet } = await createSlash8Account(kind);
  const perBlock = WRITTEN / BLOCKS;
  const started = performance.now();
  for (let k = 0; k < BLOCKS; k++) {
    const rows = Array.from({ length: perBlock }, (_, i) => {
      const fields: AddressFields =
        i < 8000
          ? { status: 'In Use', hostname: `host-${k}-${i}`, description: '', allowScannerUpdate: true }
          : i < 9500
            ? {
                status: 'Reserved',
                hostname: '',
                description: `reserved for rack ${i % 40}`,
                allowScannerUpdate: false,
              }
            : { status: 'Available', hostname: `spare-${i}`, description: '', allowScannerUpdate: true };
      return {
        ...fields,
        value: blockStart(k) + BigInt(i),
        updatedDate: new Date().toISOString(),
        updatedBy: userId,
      };
    });
    await db
      .transaction()
      .execute((trx) => insertAddressRows(trx, accountId, { id: subnet.id, version: 4 }, rows));
  }
  const insertMs = performance.now() - started;
  return { db, target, accountId, subnetId: subnet.id, email, cleanup, insertMs };
}
