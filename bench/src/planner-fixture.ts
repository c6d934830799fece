/**
 * The planner benchmarks' data: a plan of 10,000 subnets (39 IPv4 /16 sites with 250 /24s each,
 * plus 211 IPv6 /64s) as stored records and as core validation input, and an app served in-process
 * on a throw-away SQLite file or PostgreSQL database with a signed-in user.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseTarget, type Db } from '@ipam/server/db/database';
import { migrateToLatest } from '@ipam/server/db/migrate';
import type { PlanSubnetRecord } from '@ipam/server/planner/plan-subnet-repository';
import { buildBenchApp } from './bench-server.js';
import { randomSource } from './bench-utils.js';

const postgresUrl = process.env.IPAM_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The 10,000 subnets of one plan, parents before children. */
export function planSubnets(planId: string): PlanSubnetRecord[] {
  const random = randomSource(42);
  const now = new Date().toISOString();
  const subnet = (name: string, networkAddress: string, cidr: number, parentSubnetId: string | null) => ({
    id: randomUUID(),
    planId,
    parentSubnetId,
    name,
    description: '',
    ipVersion: networkAddress.includes(':') ? ('IPv6' as const) : ('IPv4' as const),
    networkAddress,
    cidr,
    vlan: null,
    reservedAddresses: [],
    planning: {
      currentHosts: parentSubnetId === null ? 0 : Math.floor(random() * 254),
      plannedGrowth: 25,
      notes: '',
    },
    status: parentSubnetId === null ? ('active' as const) : ('planned' as const),
    createdAt: now,
    updatedAt: now,
  });
  const subnets: PlanSubnetRecord[] = [];
  for (let site = 0; site < 39; site++) {
    const parent = subnet(`Site ${site}`, `10.${site}.0.0`, 16, null);
    subnets.push(parent);
    for (let lan = 0; lan < 250; lan++)
      subnets.push(subnet(`LAN ${site}.${lan}`, `10.${site}.${lan}.0`, 24, parent.id));
  }
  for (let i = 0; i < 211; i++) subnets.push(subnet(`V6 ${i}`, `2001:db8:0:${i.toString(16)}::`, 64, null));
  return subnets;
}

/** A served app on a fresh database with a signed-up user, and a direct handle for seeding. */
export interface PlannerBench {
  db: Db;
  call(method: string, path: string, body?: unknown): Promise<{ status: number; bytes: Buffer }>;
  close(): Promise<void>;
}

async function target(
  kind: 'sqlite' | 'postgres',
): Promise<{ target: DatabaseTarget; drop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'ipam-bench-planner-'));
  if (kind === 'sqlite') {
    return {
      target: { kind, file: join(dir, 'ipam.sqlite') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `ipam_bench_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind, url: url.toString() },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** Starts the app in this process on 127.0.0.1 and signs a user up through the API. */
export async function startPlannerBench(kind: 'sqlite' | 'postgres'): Promise<PlannerBench> {
  const database = await target(kind);
  const db = openDatabase(database.target);
  await migrateToLatest(db);
  const app = await buildBenchApp(database.target);
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const signup = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-${randomBytes(4).toString('hex')}@example.com`,
      password: 'correct horse battery',
    }),
  });
  const cookie = signup.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const { accounts } = (await signup.json()) as { accounts: { id: string }[] };
  const accountId = accounts[0]?.id ?? '';
  return {
    db,
    call: async (method, path, body) => {
      const response = await fetch(`${baseUrl}/api/accounts/${accountId}${path}`, {
        method,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
    },
    close: async () => {
      await app.close();
      await db.destroy();
      await database.drop();
    },
  };
}
