/**
 * The data of bench/src/write-path.ts, built in a child process by ONE tree's own code (its migrations,
 * sign-up, subnet creation and address repository, loaded from that checkout by path), so each tree is
 * measured on data its own code wrote. A tier-1 account on a throw-away database with:
 *   - 192.168.0.0/24 with one written address, 192.168.0.1 (the PUTs rewrite it);
 *   - one 192.168.r.0/24 per round r, with 192.168.r.1 written (next-free on a /24, fresh each round);
 *   - 192.168.200.0/24, nothing written (the warm-ups' next-free calls);
 *   - 172.16.0.0/19 whose first 3,000 host addresses are written (next-free behind a run of thousands).
 * Run as: write-path-fixture.ts <tree> <sqlite|postgres> <rounds>; it sends the parent a `WritePathFixture`.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DatabaseTarget } from '@ipam/server/db/database';

/** Written before the first free address of the large subnet. */
export const LARGE_WRITTEN = 3000;

/** What the parent needs: the database, how to log in, and the subnets of each kind of request. */
export interface WritePathFixture {
  target: DatabaseTarget;
  accountId: string;
  email: string;
  password: string;
  /** The /24 whose one address the PUTs rewrite, and that address. */
  putSubnetId: string;
  putAddress: string;
  /** One fresh /24 per round for next-free. */
  roundSubnetIds: string[];
  warmUpSubnetId: string;
  largeSubnetId: string;
}

interface Handle {
  destroy(): Promise<void>;
  transaction(): { execute<T>(work: (trx: Handle) => Promise<T>): Promise<T> };
}
interface Subnet {
  id: string;
}
type Context = object;
interface Row {
  value: bigint;
  status: 'In Use';
  hostname: string;
  description: string;
  allowScannerUpdate: boolean;
  updatedDate: string;
  updatedBy: string | null;
}

/** What this child uses of the tree's code (another checkout: typed here, by the names it exports). */
interface TreeModules {
  fixture: {
    PASSWORD: string;
    openTarget(kind: 'sqlite' | 'postgres'): Promise<{ target: DatabaseTarget }>;
  };
  database: { openDatabase(target: DatabaseTarget): Handle };
  migrate: { migrateToLatest(db: Handle): Promise<void> };
  signUp: {
    signUp(
      db: Handle,
      input: { email: string; password: string },
    ): Promise<{ userId: string; accountId: string }>;
  };
  accounts: {
    updateTierAndLimits(
      db: Handle,
      accountId: string,
      limits: { tier: number; maxusers: number; maxnetworks: number },
    ): Promise<boolean>;
    findAccountOfMember(db: Handle, accountId: string, userId: string): Promise<object | undefined>;
  };
  events: { noopEventPublisher: object };
  groups: { createGroup(ctx: Context, input: { name: string }): Promise<Subnet> };
  subnets: {
    createSubnet(
      ctx: Context,
      input: { version: 4; name: string; vlanId: number; groupId: string; networkIP: string; length: number },
    ): Promise<Subnet>;
  };
  writes: {
    insertAddressRows(
      db: Handle,
      accountId: string,
      subnet: { id: string; version: 4 },
      rows: Row[],
    ): Promise<void>;
  };
}

async function treeModules(tree: string): Promise<TreeModules> {
  const load = async <T>(path: string): Promise<T> =>
    (await import(pathToFileURL(join(tree, path)).href)) as T;
  const server = (path: string) => `packages/server/src/${path}.ts`;
  return {
    fixture: await load('bench/src/address-fixture.ts'),
    database: await load(server('db/database')),
    migrate: await load(server('db/migrate')),
    signUp: await load(server('auth/sign-up')),
    accounts: await load(server('accounts/account-repository')),
    events: await load(server('events/event-publisher')),
    groups: await load(server('groups/groups')),
    subnets: await load(server('subnets/subnets')),
    writes: await load(server('addresses/address-write-repository')),
  };
}

const ipv4 = (value: number) => [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');
const valueOf = (text: string) => text.split('.').reduce((value, part) => value * 256 + Number(part), 0);

async function build(tree: string, kind: 'sqlite' | 'postgres', rounds: number): Promise<WritePathFixture> {
  const m = await treeModules(tree);
  const { target } = await m.fixture.openTarget(kind);
  const db = m.database.openDatabase(target);
  try {
    await m.migrate.migrateToLatest(db);
    const email = `write-path-${process.pid}-${Date.now()}@example.com`;
    const { userId, accountId } = await m.signUp.signUp(db, { email, password: m.fixture.PASSWORD });
    await m.accounts.updateTierAndLimits(db, accountId, { tier: 1, maxusers: 5, maxnetworks: rounds + 10 });
    const account = await m.accounts.findAccountOfMember(db, accountId, userId);
    if (!account) throw new Error('account not created');
    const ctx = { db, account, userId, events: m.events.noopEventPublisher };
    const group = await m.groups.createGroup(ctx, { name: 'Bench' });
    const subnet = (name: string, networkIP: string, length: number) =>
      m.subnets.createSubnet(ctx, { version: 4, name, vlanId: 10, groupId: group.id, networkIP, length });
    const write = async (subnetId: string, first: string, count: number) => {
      const rows = Array.from({ length: count }, (_, i) => ({
        value: BigInt(valueOf(first) + i),
        status: 'In Use' as const,
        hostname: `host-${i}`,
        description: '',
        allowScannerUpdate: true,
        updatedDate: new Date().toISOString(),
        updatedBy: userId,
      }));
      await db
        .transaction()
        .execute((trx) => m.writes.insertAddressRows(trx, accountId, { id: subnetId, version: 4 }, rows));
    };
    const put = await subnet('Edited', '192.168.0.0', 24);
    await write(put.id, '192.168.0.1', 1);
    const roundSubnetIds: string[] = [];
    for (let round = 1; round <= rounds; round++) {
      const next = await subnet(`Round ${round}`, ipv4(valueOf('192.168.0.0') + round * 256), 24);
      await write(next.id, ipv4(valueOf('192.168.0.1') + round * 256), 1);
      roundSubnetIds.push(next.id);
    }
    const warmUp = await subnet('Warm-up', '192.168.200.0', 24);
    const large = await subnet('Large', '172.16.0.0', 19);
    await write(large.id, '172.16.0.1', LARGE_WRITTEN);
    return {
      target,
      accountId,
      email,
      password: m.fixture.PASSWORD,
      putSubnetId: put.id,
      putAddress: '192.168.0.1',
      roundSubnetIds,
      warmUpSubnetId: warmUp.id,
      largeSubnetId: large.id,
    };
  } finally {
    await db.destroy();
  }
}

const [tree = '', kind = '', rounds = ''] = process.argv.slice(2);
const fixture = await build(tree, kind === 'postgres' ? 'postgres' : 'sqlite', Number(rounds));
process.send?.(fixture, () => process.disconnect());
