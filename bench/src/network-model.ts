/**
 * The network model at scale (issue 30): one account with 1,000 VRFs and about 100,000 subnets with
 * containers three levels deep (Global: 10.0.0.0/8 ▸ 40 /16s ▸ 16 /20s each ▸ 16 /24 leaves each;
 * each of the 999 other VRFs: a /8 ▸ a /16 ▸ 4 /20s ▸ 84 /24 leaves between them; a 172.16.0.0/12
 * holding 2,000 /24 leaves; 2001:db8::/32 holding 1,000 /64 leaves), and about 1,000,000 written
 * addresses (98 in each of Global's 10,240 /24 leaves). Subnets and addresses are written through
 * the repositories in bulk; the figures are HTTP round trips over loopback at concurrency 1 against
 * the app as `ipam start` builds it, in this process: p50/p95 of N requests after 3 warm-ups.
 * Run: node --conditions=source --import tsx bench/src/network-model.ts [--engines sqlite,postgres]
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadavg } from 'node:os';
import { updateIpv6Prefixes, updateTierAndLimits } from '@ipam/server/accounts/account-repository';
import { sortKeyOf } from '@ipam/server/addresses/address-keys';
import { insertAddressRows } from '@ipam/server/addresses/address-write-repository';
import { newLeavesOf, startLeafUse } from '@ipam/server/addresses/address-count-repository';
import { signUp } from '@ipam/server/auth/sign-up';
import { openDatabase, type Db } from '@ipam/server/db/database';
import { migrateToLatest } from '@ipam/server/db/migrate';
import { insertGroup } from '@ipam/server/groups/group-repository';
import { findDefaultVrf, insertVrf } from '@ipam/server/vrfs/vrf-repository';
import { formatAddress } from '@ipam/core/ip-address';
import { nameSortKey } from '@ipam/core/name-order';
import { prefixLast, type Prefix } from '@ipam/core/prefix';
import { buildBenchApp, logIn } from './bench-server.js';
import { machineLine, percentile } from './bench-utils.js';
import { openTarget, PASSWORD } from './address-fixture.js';

type Engine = 'sqlite' | 'postgres';
const CHUNK = 500;

interface SubnetRow {
  id: string;
  vrfId: string;
  prefix: Prefix;
  kind: 'leaf' | 'container';
  parentId: string | null;
  name: string;
}

function v4(a: number, b: number, c: number, length: number): Prefix {
  return { version: 4, network: BigInt(((a << 24) | (b << 16) | (c << 8)) >>> 0), length };
}

/** The account's subnets, parents before children, with their parents already known. */
function planSubnets(globalId: string, vrfIds: readonly string[]): SubnetRow[] {
  const rows: SubnetRow[] = [];
  const add = (vrfId: string, prefix: Prefix, kind: 'leaf' | 'container', parentId: string | null) => {
    const row = { id: randomUUID(), vrfId, prefix, kind, parentId, name: `n${rows.length}` };
    rows.push(row);
    return row.id;
  };
  const ten = add(globalId, v4(10, 0, 0, 8), 'container', null);
  for (let b = 0; b < 40; b++) {
    const sixteen = add(globalId, v4(10, b, 0, 16), 'container', ten);
    for (let q = 0; q < 16; q++) {
      const twenty = add(globalId, v4(10, b, q * 16, 20), 'container', sixteen);
      for (let c = 0; c < 16; c++) add(globalId, v4(10, b, q * 16 + c, 24), 'leaf', twenty);
    }
  }
  const wide = add(globalId, v4(172, 16, 0, 12), 'container', null);
  for (let i = 0; i < 2000; i++) add(globalId, v4(172, 16 + (i >> 8), i & 255, 24), 'leaf', wide);
  const v6: Prefix = { version: 6, network: 0x20010db8n << 96n, length: 32 };
  const thirtyTwo = add(globalId, v6, 'container', null);
  for (let i = 0; i < 1000; i++) {
    add(globalId, { version: 6, network: v6.network + (BigInt(i) << 64n), length: 64 }, 'leaf', thirtyTwo);
  }
  for (const vrfId of vrfIds) {
    const eight = add(vrfId, v4(10, 0, 0, 8), 'container', null);
    const sixteen = add(vrfId, v4(10, 0, 0, 16), 'container', eight);
    for (let q = 0; q < 4; q++) {
      const twenty = add(vrfId, v4(10, 0, q * 16, 20), 'container', sixteen);
      for (let c = 0; c < 16; c++) add(vrfId, v4(10, 0, q * 16 + c, 24), 'leaf', twenty);
    }
    for (let c = 0; c < 20; c++) add(vrfId, v4(10, 0, 64 + c, 24), 'leaf', sixteen);
  }
  return rows;
}

async function seed(db: Db, accountId: string, userId: string) {
  const started = performance.now();
  const at = new Date().toISOString();
  const groupId = randomUUID();
  await insertGroup(db, accountId, {
    id: groupId,
    name: 'Bench',
    description: '',
    parentId: '',
    updatedDate: at,
    updatedBy: null,
    createdAt: at,
  });
  const global = await findDefaultVrf(db, accountId);
  const vrfIds: string[] = [];
  for (let i = 1; i < 1000; i++) {
    const id = randomUUID();
    vrfIds.push(id);
    await insertVrf(db, accountId, {
      id,
      name: `VRF ${i}`,
      rd: `65000:${i}`,
      description: '',
      isDefault: false,
      updatedDate: at,
      updatedBy: null,
      createdAt: at,
    });
  }
  const subnets = planSubnets(global.id, vrfIds);
  for (let at0 = 0; at0 < subnets.length; at0 += CHUNK) {
    const values = subnets.slice(at0, at0 + CHUNK).map((s) => ({
      id: s.id,
      account_id: accountId,
      group_id: groupId,
      name: s.name,
      name_key: nameSortKey(s.name),
      vlan_id: 1,
      description: '',
      description_folded: '',
      version: s.prefix.version,
      network_ip: formatAddress(s.prefix.version, s.prefix.network),
      prefix_length: s.prefix.length,
      first_key: sortKeyOf(s.prefix.version, s.prefix.network),
      last_key: sortKeyOf(s.prefix.version, prefixLast(s.prefix)),
      scanning_type: 'none',
      scan_frequency: null,
      last_scanned: null,
      scan_now: 0,
      created_at: at,
      updated_date: at,
      updated_by: null,
      vrf_id: s.vrfId,
      kind: s.kind,
      parent_id: s.parentId,
    }));
    await db.insertInto('subnets').values(values).execute();
    await startLeafUse(db, newLeavesOf(values));
  }
  // Written past the repository, so the account's subnet count is set as its inserts would have.
  await db
    .updateTable('accounts')
    .set({ subnet_count: subnets.length })
    .where('id', '=', accountId)
    .execute();
  const globalLeaves = subnets.filter(
    (s) =>
      s.vrfId === global.id &&
      s.kind === 'leaf' &&
      s.prefix.version === 4 &&
      s.name &&
      s.prefix.network >> 24n === 10n,
  );
  let written = 0;
  for (let i = 0; i < globalLeaves.length; i += 100) {
    await db.transaction().execute(async (trx) => {
      for (const leaf of globalLeaves.slice(i, i + 100)) {
        const rows = Array.from({ length: 98 }, (_, k) => ({
          value: leaf.prefix.network + 1n + BigInt(k),
          status: 'In Use' as const,
          hostname: `h${k}`,
          description: '',
          allowScannerUpdate: true,
          updatedDate: at,
          updatedBy: userId,
        }));
        await insertAddressRows(trx, accountId, { id: leaf.id, version: 4 }, rows);
        written += rows.length;
      }
    });
  }
  console.error(
    `seeded ${subnets.length} subnets, ${vrfIds.length + 1} VRFs, ${written} addresses in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const find = (name: (s: SubnetRow) => boolean) => subnets.find(name)?.id ?? '';
  return {
    groupId,
    count: subnets.length,
    written,
    slash8: find((s) => s.kind === 'container' && s.prefix.length === 8 && s.vrfId === global.id),
    slash12: find((s) => s.prefix.length === 12),
    slash32: find((s) => s.prefix.version === 6 && s.prefix.length === 32),
    slash64: find((s) => s.prefix.version === 6 && s.prefix.length === 64),
    twenty: find((s) => s.kind === 'container' && s.prefix.length === 20 && s.vrfId === global.id),
  };
}

interface Measured {
  what: string;
  n: number;
  p50: number;
  p95: number;
  bar: string;
  note: string;
}

async function measure(
  what: string,
  n: number,
  bar: string,
  run: (i: number) => Promise<string>,
): Promise<Measured> {
  const times: number[] = [];
  let note = '';
  try {
    for (let i = 0; i < 3; i++) await run(-1 - i);
    for (let i = 0; i < n; i++) {
      const started = performance.now();
      note = await run(i);
      times.push(performance.now() - started);
    }
  } catch (error) {
    // A refused operation is a finding for the table, not a reason to lose the other figures.
    return { what, n: times.length, p50: NaN, p95: NaN, bar, note: `failed: ${(error as Error).message}` };
  }
  return { what, n, p50: percentile(times, 0.5), p95: percentile(times, 0.95), bar, note };
}

async function benchEngine(engine: Engine): Promise<Measured[]> {
  const { target, cleanup } = await openTarget(engine);
  const db = openDatabase(target);
  await migrateToLatest(db);
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const { userId, accountId } = await signUp(db, { email, password: PASSWORD });
  await updateTierAndLimits(db, accountId, { tier: 4, maxusers: 5, maxnetworks: 1_000_000 });
  // As `ipam admin set-tier … 4 --ipv6 32-128` would: IPv6 containers from /32, leaves from /64.
  await updateIpv6Prefixes(db, accountId, { min: 32, max: 128 });
  const fixture = await seed(db, accountId, userId);
  if (engine === 'postgres') await sql`analyze`.execute(db);
  const app = await buildBenchApp(target);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const cookie = await logIn(base, email);
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}/api/accounts/${accountId}${path}`, {
      method,
      headers: {
        cookie,
        origin: base,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300)
      throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
    return text;
  };
  const count = (text: string) => `${(JSON.parse(text) as { items: unknown[] }).items.length} rows`;
  try {
    const rows: Measured[] = [];
    rows.push(
      await measure(
        'open the IPs panel: VRFs, groups and the top level of subnets',
        30,
        '< 300 ms',
        async () => {
          const [vrfs, , top] = await Promise.all([
            api('GET', '/vrfs'),
            api('GET', '/groups'),
            api('GET', '/subnets?parentId=none'),
          ]);
          return `${count(vrfs)} VRFs, ${count(top)} at the top`;
        },
      ),
    );
    rows.push(
      await measure('open a container with 2,000 children (its children)', 30, '< 1 s', async () =>
        count(await api('GET', `/subnets?parentId=${fixture.slash12}`)),
      ),
    );
    rows.push(
      await measure('create a /26 leaf (overlap and parent check)', 50, 'p95 < 20 ms', async (i) => {
        const n = i + 10;
        const text = await api('POST', '/subnets', {
          name: `new ${n}`,
          vlanId: 1,
          groupId: fixture.groupId,
          networkIP: `10.${40 + Math.floor(n / 1024)}.${Math.floor(n / 4) % 256}.${(n % 4) * 64}`,
          bits: 26,
        });
        return `parent ${(JSON.parse(text) as { parentId: string | null }).parentId === fixture.slash8 ? 'the /8' : 'other'}`;
      }),
    );
    rows.push(
      await measure('next free /24 in the /8 (subnets/next)', 20, '< 50 ms', async () => {
        const text = await api('POST', '/subnets/next', {
          parentId: fixture.slash8,
          prefixLength: 24,
          name: 'next',
          vlanId: 1,
          groupId: fixture.groupId,
        });
        return (JSON.parse(text) as { networkIP: string }).networkIP;
      }),
    );
    rows.push(
      await measure('next free /64 in the /32 (1,000 /64s taken)', 20, '< 50 ms', async () => {
        const text = await api('POST', '/subnets/next', {
          parentId: fixture.slash32,
          prefixLength: 64,
          name: 'next',
          vlanId: 1,
          groupId: fixture.groupId,
        });
        return (JSON.parse(text) as { networkIP: string }).networkIP;
      }),
    );
    rows.push(
      await measure("a /64's first page of addresses", 30, '< 30 ms', async () =>
        count(await api('GET', `/subnets/${fixture.slash64}/addresses?limit=100`)),
      ),
    );
    return rows.map((row) => ({ ...row, what: `${engine}: ${row.what}` }));
  } finally {
    await app.close();
    await cleanup();
  }
}

const { values } = parseArgs({ options: { engines: { type: 'string', default: 'sqlite,postgres' } } });
const engines = values.engines.split(',').filter((e): e is Engine => e === 'sqlite' || e === 'postgres');
const results: Measured[] = [];
for (const engine of engines) {
  const before = loadavg()[0]?.toFixed(2);
  results.push(...(await benchEngine(engine)));
  console.error(`${engine} done (load average before ${before}, after ${loadavg()[0]?.toFixed(2)})`);
}
console.log(`Machine: ${machineLine()}\n`);
console.log('| operation | n | p50 ms | p95 ms | target | last answer |');
console.log('|---|---|---|---|---|---|');
for (const row of results) {
  console.log(
    `| ${row.what} | ${row.n} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.bar} | ${row.note} |`,
  );
}
