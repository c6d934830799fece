/**
 * The large account of issue 35, built through the repositories' bulk paths (not the HTTP API) and
 * kept between runs: 1,000 VRFs, 100,000 subnets (containers three levels deep), 1,000,000 written
 * addresses, 100 members, 500 network plans, 50 scanners and a year of history, on SQLite or
 * PostgreSQL. `IPAM_SCALE=0.01` builds a hundredth of it (for a quick try); the figures of bench/scale.md
 * are at 1.
 *
 * Per VRF (the same 100 subnets in each, as routing domains repeat addresses):
 *   10.b.0.0/16 container ─┬─ 10.b.0.0/18 container ── 30 × /24 leaves (10.b.0.0 … 10.b.29.0)
 *                          ├─ 10.b.64.0/18 container ── 30 × /24 leaves
 *                          └─ 10.b.128.0/18 container ── 30 × /24 leaves
 *   2001:db8:v::/48 container ── 5 × /64 leaves
 * with b = v mod 200. Addresses: the first five /24s of each VRF are busy (150 written each), the other
 * 85 hold 2 each, each /64 holds 16: 750 + 170 + 80 = 1,000 a VRF.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql, type Insertable } from 'kysely';
import { updateTierAndLimits } from '@ipam/server/accounts/account-repository';
import type { AddressFields } from '@ipam/server/addresses/address-row';
import { insertAddressRowsOfSubnets } from '@ipam/server/addresses/address-write-repository';
import {
  adjustPendingApprovals,
  newLeavesOf,
  startLeafUse,
} from '@ipam/server/addresses/address-count-repository';
import { addressText, sortKeyOf } from '@ipam/server/addresses/address-keys';
import { signUp } from '@ipam/server/auth/sign-up';
import { openDatabase, type DatabaseTarget, type Db } from '@ipam/server/db/database';
import { migrateToLatest } from '@ipam/server/db/migrate';
import type { AuditLogTable, SubnetsTable } from '@ipam/server/db/schema';
import { chunksOf } from '@ipam/server/db/chunks';
import { nameSortKey } from '@ipam/core/name-order';

export const SCALE_PASSWORD = 'correct horse battery';
const postgresUrl = process.env.IPAM_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Bump when the layout changes: a kept database of another version is built again. */
const LAYOUT_VERSION = 6;

/** How much of each thing the account holds at a scale factor (1: the sizes). */
export function scaleSizes(factor: number) {
  const vrfs = Math.max(2, Math.round(1000 * factor));
  return {
    vrfs,
    subnets: vrfs * 100,
    addresses: vrfs * 1000,
    members: Math.max(5, Math.round(100 * Math.min(1, factor * 10))),
    plans: Math.max(5, Math.round(500 * factor)),
    scanners: Math.max(2, Math.round(50 * Math.min(1, factor * 10))),
    historyEntries: Math.round(730_000 * factor),
  };
}

/** What a load run needs to find its way into the account. */
export interface ScaleAccount {
  target: DatabaseTarget;
  accountId: string;
  ownerEmail: string;
  /** Members' e-mails (the owner first), each with SCALE_PASSWORD. */
  emails: string[];
  /** Ids of leaf subnets by kind: busy IPv4 /24s, sparse IPv4 /24s, IPv6 /64s. */
  leaves: { busy: string[]; sparse: string[]; v6: string[] };
  groupIds: string[];
  sizes: ReturnType<typeof scaleSizes>;
  buildSeconds: number;
}

/**
 * A throw-away copy of a kept account (a file copy, or a PostgreSQL database made from it as a
 * template), for a run that writes: the kept one stays as built. Answers the copy and how to drop it.
 */
export async function scratchCopy(
  account: ScaleAccount,
): Promise<{ account: ScaleAccount; drop(): Promise<void> }> {
  const { target } = account;
  if (target.kind === 'sqlite') {
    const folder = mkdtempSync(join(tmpdir(), 'ipam-scale-copy-'));
    const file = join(folder, 'ipam.sqlite');
    copyFileSync(target.file, file);
    onDisk();
    return {
      account: { ...account, target: { kind: 'sqlite', file } },
      drop: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const name = `ipam_scale_copy_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name} template ${new URL(target.url).pathname.slice(1)}`);
  await adminQuery('checkpoint');
  onDisk();
  return {
    account: { ...account, target: { kind: 'postgres', url: databaseUrl(name) } },
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

/**
 * Waits until the copy is written out: a copy leaves gigabytes of dirty pages (and on PostgreSQL as
 * much WAL) that the kernel would otherwise flush during the run, stalling every write the run makes
 * for up to seconds (seen in its p99s before this).
 */
function onDisk(): void {
  execFileSync('sync');
}

/** The account's /18 containers, where new subnets find free space. */
export async function blockContainers(account: ScaleAccount): Promise<string[]> {
  const db = openDatabase(account.target);
  try {
    const rows = await db
      .selectFrom('subnets')
      .select('id')
      .where('account_id', '=', account.accountId)
      .where('kind', '=', 'container')
      .where('prefix_length', '=', 18)
      .execute();
    return rows.map((row) => row.id);
  } finally {
    await db.destroy();
  }
}

const keptDir = fileURLToPath(new URL('../.scale/', import.meta.url));
const tagOf = (factor: number) => String(factor).replace('.', '_');

/** The kept account of this engine and factor, built now when missing or of another layout. */
export async function scaleAccount(kind: 'sqlite' | 'postgres', factor: number): Promise<ScaleAccount> {
  const tag = tagOf(factor);
  const record = join(keptDir, `${kind}-${tag}.json`);
  const target: DatabaseTarget =
    kind === 'sqlite'
      ? { kind: 'sqlite', file: join(keptDir, `sqlite-${tag}`, 'ipam.sqlite') }
      : { kind: 'postgres', url: databaseUrl(`ipam_scale_${tag}`) };
  if (existsSync(record)) {
    const kept = JSON.parse(readFileSync(record, 'utf8')) as ScaleAccount & { layout: number };
    if (kept.layout === LAYOUT_VERSION && (await stillThere(target))) return kept;
  }
  await dropTarget(target);
  if (target.kind === 'postgres')
    await adminQuery(`create database ${new URL(target.url).pathname.slice(1)}`);
  else mkdirSync(dirname(target.file), { recursive: true });
  const started = performance.now();
  const built = await build(target, factor);
  const account = { ...built, buildSeconds: Math.round((performance.now() - started) / 1000) };
  mkdirSync(keptDir, { recursive: true });
  writeFileSync(record, JSON.stringify({ ...account, layout: LAYOUT_VERSION }, null, 1));
  return account;
}

function databaseUrl(name: string): string {
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
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

async function stillThere(target: DatabaseTarget): Promise<boolean> {
  if (target.kind === 'sqlite') return existsSync(target.file);
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    const name = new URL(target.url).pathname.slice(1);
    return (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

async function dropTarget(target: DatabaseTarget): Promise<void> {
  if (target.kind === 'sqlite') rmSync(dirname(target.file), { recursive: true, force: true });
  else await adminQuery(`drop database if exists ${new URL(target.url).pathname.slice(1)} with (force)`);
}

const DAY_MS = 24 * 60 * 60 * 1000;

async function build(target: DatabaseTarget, factor: number) {
  const sizes = scaleSizes(factor);
  // A build that stops half-way is thrown away and made again: no need to wait for each commit's fsync.
  const db = openDatabase(target.kind === 'sqlite' ? { ...target, synchronous: 'normal' } : target);
  try {
    await migrateToLatest(db);
    const ownerEmail = 'owner@scale.example';
    const { userId: ownerId, accountId } = await signUp(db, { email: ownerEmail, password: SCALE_PASSWORD });
    await updateTierAndLimits(db, accountId, { tier: 4, maxusers: 1000, maxnetworks: 10_000_000 });
    await db
      .updateTable('accounts')
      .set({ ipv6_prefix_min: 32, ipv6_prefix_max: 128 })
      .where('id', '=', accountId)
      .execute();
    const now = new Date().toISOString();
    const members = await addMembers(db, accountId, ownerId, sizes.members, now);
    const groupIds = await addGroups(db, accountId, ownerId, now);
    const vrfIds = await addVrfs(db, accountId, ownerId, sizes.vrfs, now);
    const leaves = { busy: [] as string[], sparse: [] as string[], v6: [] as string[] };
    // Ten VRFs (1,000 subnets, 10,000 addresses) a transaction.
    for (const batch of chunksOf([...vrfIds.entries()], 10)) {
      await db.transaction().execute(async (trx) => {
        for (const [v, vrfId] of batch) {
          const made = await addVrfSubnets(trx, accountId, ownerId, v, vrfId, groupIds, now);
          leaves.busy.push(...made.busy.map((s) => s.id));
          leaves.sparse.push(...made.sparse.map((s) => s.id));
          leaves.v6.push(...made.v6.map((s) => s.id));
          await addVrfAddresses(trx, accountId, members, made);
          await addApprovals(trx, accountId, made.busy, now);
        }
      });
    }
    await db
      .updateTable('accounts')
      .set({ subnet_count: sizes.subnets })
      .where('id', '=', accountId)
      .execute();
    await addPlans(db, accountId, ownerId, sizes.plans, now);
    await addScanners(db, accountId, ownerId, sizes.scanners, [...leaves.busy, ...leaves.sparse], now);
    await addHistory(db, accountId, members, [...leaves.busy, ...leaves.sparse], sizes.historyEntries);
    // What autovacuum does soon after a bulk load on a default PostgreSQL: statistics for the planner
    // and the visibility map for index-only scans. This machine's PostgreSQL runs with autovacuum off,
    // so without it every figure would be of a database never analysed. (SQLite keeps no statistics
    // unless told to, and the server never tells it: its figures are of the database as built.)
    if (target.kind === 'postgres') await sql`vacuum analyze`.execute(db);
    return { target, accountId, ownerEmail, emails: members.map((m) => m.email), leaves, groupIds, sizes };
  } finally {
    await db.destroy();
  }
}

/** Member n's role (0 is the owner): one admin, five editors and four viewers in every ten. */
export function roleOfMember(n: number): 'owner' | 'admin' | 'editor' | 'viewer' {
  if (n === 0) return 'owner';
  const place = (n - 1) % 10;
  return place === 0 ? 'admin' : place <= 5 ? 'editor' : 'viewer';
}

/** Members with the owner's password hash (hashing 100 passwords would only slow the build). */
async function addMembers(db: Db, accountId: string, ownerId: string, count: number, now: string) {
  const owner = await db
    .selectFrom('users')
    .select(['password_hash', 'email'])
    .where('id', '=', ownerId)
    .executeTakeFirstOrThrow();
  const members = [{ id: ownerId, email: owner.email }];
  for (let n = 1; n < count; n++) members.push({ id: randomUUID(), email: `member-${n}@scale.example` });
  // At most 100 members: one statement each.
  const added = members.slice(1);
  await db
    .insertInto('users')
    .values(
      added.map((m) => ({
        id: m.id,
        email: m.email,
        password_hash: owner.password_hash,
        display_name: null,
        last_login: null,
        created_at: now,
        current_account_id: accountId,
      })),
    )
    .execute();
  await db
    .insertInto('users_accounts')
    .values(
      added.map((m, i) => ({
        user_id: m.id,
        account_id: accountId,
        created_at: now,
        role: roleOfMember(i + 1),
      })),
    )
    .execute();
  return members;
}

/** 50 sites of 4 groups each: 250 groups; subnets go into the 200 inner ones. */
async function addGroups(db: Db, accountId: string, ownerId: string, now: string): Promise<string[]> {
  const inner: string[] = [];
  const rows = [];
  for (let site = 1; site <= 50; site++) {
    const siteId = randomUUID();
    rows.push({
      id: siteId,
      account_id: accountId,
      parent_id: null,
      name: `Site ${String(site).padStart(2, '0')}`,
      description: '',
      created_at: now,
      updated_date: now,
      updated_by: ownerId,
    });
    for (const room of ['Servers', 'Clients', 'Voice', 'Management']) {
      const id = randomUUID();
      inner.push(id);
      rows.push({
        id,
        account_id: accountId,
        parent_id: siteId,
        name: room,
        description: `${room} of site ${site}`,
        created_at: now,
        updated_date: now,
        updated_by: ownerId,
      });
    }
  }
  await db.insertInto('groups').values(rows).execute();
  return inner;
}

/** The account's default VRF ("Global") and count − 1 more. */
async function addVrfs(
  db: Db,
  accountId: string,
  ownerId: string,
  count: number,
  now: string,
): Promise<string[]> {
  const global = await db
    .selectFrom('vrfs')
    .select('id')
    .where('account_id', '=', accountId)
    .where('is_default', '=', 1)
    .executeTakeFirstOrThrow();
  const more = Array.from({ length: count - 1 }, (_, i) => ({
    id: randomUUID(),
    account_id: accountId,
    name: `VRF-${String(i + 1).padStart(4, '0')}`,
    rd: `65000:${i + 1}`,
    description: `customer ${i + 1}`,
    is_default: 0,
    created_at: now,
    updated_date: now,
    updated_by: ownerId,
  }));
  for (const chunk of chunksOf(more)) await db.insertInto('vrfs').values(chunk).execute();
  return [global.id, ...more.map((vrf) => vrf.id)];
}

interface MadeSubnet {
  id: string;
  version: 4 | 6;
  network: bigint;
}

async function addVrfSubnets(
  db: Db,
  accountId: string,
  ownerId: string,
  v: number,
  vrfId: string,
  groupIds: string[],
  now: string,
) {
  const groupId = groupIds[v % groupIds.length] as string;
  const rows: Insertable<SubnetsTable>[] = [];
  const subnet = (
    version: 4 | 6,
    network: bigint,
    length: number,
    kind: 'container' | 'leaf',
    parentId: string | null,
    name: string,
    isScanned = false,
  ): MadeSubnet => {
    const id = randomUUID();
    const bits = version === 4 ? 32 : 128;
    const last = network + (1n << BigInt(bits - length)) - 1n;
    rows.push({
      id,
      account_id: accountId,
      group_id: groupId,
      name,
      name_key: nameSortKey(name),
      vlan_id: kind === 'leaf' ? 100 + (rows.length % 3000) : 0,
      description: '',
      description_folded: '',
      version,
      network_ip: addressText(version, network),
      prefix_length: length,
      first_key: sortKeyOf(version, network),
      last_key: sortKeyOf(version, last),
      // The busy /24s are scanned, findings waiting for a person (only scans of such subnets make them).
      scanning_type: isScanned ? 'approval' : 'none',
      scan_frequency: isScanned ? 24 : null,
      last_scanned: isScanned ? now : null,
      scan_now: 0,
      scan_lease_until: null,
      created_at: now,
      updated_date: now,
      updated_by: ownerId,
      vrf_id: vrfId,
      kind,
      parent_id: parentId,
      stale_after_days: null,
    });
    return { id, version, network };
  };
  const b = BigInt(v % 200);
  const v4 = (c: number) => (10n << 24n) | (b << 16n) | (BigInt(c) << 8n);
  const top = subnet(4, v4(0), 16, 'container', null, `VRF ${v} campus`);
  const busy: MadeSubnet[] = [];
  const sparse: MadeSubnet[] = [];
  for (let j = 0; j < 3; j++) {
    const block = subnet(4, v4(64 * j), 18, 'container', top.id, `VRF ${v} block ${j}`);
    for (let i = 0; i < 30; i++) {
      const isBusy = j === 0 && i < 5;
      const leaf = subnet(4, v4(64 * j + i), 24, 'leaf', block.id, `VRF ${v} LAN ${j}.${i}`, isBusy);
      (isBusy ? busy : sparse).push(leaf);
    }
  }
  const v6Base = 0x20010db8n << 96n;
  const v6Top = subnet(6, v6Base | (BigInt(v) << 80n), 48, 'container', null, `VRF ${v} v6`);
  const v6 = Array.from({ length: 5 }, (_, i) =>
    subnet(6, v6Base | (BigInt(v) << 80n) | (BigInt(i) << 64n), 64, 'leaf', v6Top.id, `VRF ${v} v6 LAN ${i}`),
  );
  for (const chunk of chunksOf(rows, 200)) await db.insertInto('subnets').values(chunk).execute();
  await startLeafUse(db, newLeavesOf(rows));
  return { busy, sparse, v6 };
}

/** The VRF's written addresses, all of its leaves in shared multi-row statements. */
async function addVrfAddresses(
  db: Db,
  accountId: string,
  members: { id: string }[],
  made: { busy: MadeSubnet[]; sparse: MadeSubnet[]; v6: MadeSubnet[] },
) {
  const at = new Date(Date.now() - 30 * DAY_MS).toISOString();
  const fields = (n: number, name: string): AddressFields =>
    n % 10 === 9
      ? {
          status: 'Reserved',
          hostname: '',
          description: `reserved: rack ${n % 40}`,
          allowScannerUpdate: false,
        }
      : {
          status: 'In Use',
          hostname: name,
          description: n % 3 === 0 ? `asset ${n}` : '',
          allowScannerUpdate: true,
        };
  const load = (subnet: MadeSubnet, offsets: number[], prefix: string) => ({
    subnet: { id: subnet.id, version: subnet.version },
    rows: offsets.map((offset, n) => ({
      ...fields(n, `${prefix}-${offset}.example.net`),
      value: subnet.network + BigInt(offset),
      updatedDate: at,
      updatedBy: members[n % members.length]?.id ?? null,
    })),
  });
  await insertAddressRowsOfSubnets(db, accountId, [
    ...made.busy.map((leaf, i) => load(leaf, range(1, 150), `dhcp${i}`)),
    ...made.sparse.map((leaf, i) => load(leaf, [1, 2], `gw${i}`)),
    ...made.v6.map((leaf, i) =>
      load(
        leaf,
        range(1, 16).map((n) => n * 16),
        `v6h${i}`,
      ),
    ),
  ]);
}

/** Two scan findings waiting for a person in each busy /24: hosts a scanner saw at .200 and .201. */
async function addApprovals(db: Db, accountId: string, busy: MadeSubnet[], now: string) {
  const offsets = [200, 201];
  const rows = busy.flatMap((leaf) =>
    offsets.map((offset) => {
      const hostname = `seen-${offset}.example.net`;
      return {
        id: randomUUID(),
        account_id: accountId,
        subnet_id: leaf.id,
        ip_address: addressText(4, leaf.network + BigInt(offset)),
        sort_key: sortKeyOf(4, leaf.network + BigInt(offset)),
        status: 'In Use' as const,
        hostname,
        description: '',
        created_at: now,
        seen_alive: 1,
        seen_hostname: hostname,
        seen_mac: null,
        seen_at: now,
        scanner_name: 'Scanner 1',
        hostname_after: hostname,
        mac_after: null,
      };
    }),
  );
  await db.insertInto('approvals').values(rows).execute();
  for (const leaf of busy) await adjustPendingApprovals(db, leaf.id, offsets.length);
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

async function addPlans(db: Db, accountId: string, ownerId: string, count: number, now: string) {
  for (const chunk of chunksOf(range(0, count), 50)) {
    const plans = chunk.map((p) => ({
      id: randomUUID(),
      account_id: accountId,
      name: `Plan ${p + 1}`,
      description: 'site rollout',
      tags_json: '["rollout"]',
      settings_json: JSON.stringify({
        autoCalculateDetails: true,
        validateOverlaps: true,
        showUtilization: true,
        defaultIPVersion: 4,
      }),
      is_template: 0,
      version: 1,
      plan_validation_json: null,
      created_at: now,
      updated_at: now,
      created_by: ownerId,
    }));
    await db.insertInto('network_plans').values(plans).execute();
    const subnets = plans.flatMap((plan, p) =>
      range(0, 10).map((i) => {
        const network = (172n << 24n) | (16n << 16n) | (BigInt((p * 10 + i) % 4096) << 8n);
        return {
          id: randomUUID(),
          plan_id: plan.id,
          parent_id: null,
          name: `Planned ${i + 1}`,
          description: '',
          ip_version: 4,
          network_address: addressText(4, network),
          network_key: sortKeyOf(4, network),
          cidr: 24,
          vlan_id: 200 + i,
          vlan_name: null,
          vlan_description: null,
          reserved_json: '[]',
          current_hosts: 20 * i,
          planned_growth: 10,
          notes: '',
          status: 'planned',
          created_at: now,
          updated_at: now,
        };
      }),
    );
    await db.insertInto('plan_subnets').values(subnets).execute();
  }
}

async function addScanners(
  db: Db,
  accountId: string,
  ownerId: string,
  count: number,
  leafIds: string[],
  now: string,
) {
  for (let s = 0; s < count; s++) {
    const id = randomUUID();
    const key = randomBytes(16).toString('hex');
    await db
      .insertInto('scanners')
      .values({
        id,
        account_id: accountId,
        name: `Scanner ${s + 1}`,
        description: '',
        key_hash: createHash('sha256').update(key).digest('hex'),
        key_prefix: key.slice(0, 6),
        block_scanning: 0,
        poll_interval_seconds: 60,
        last_seen_at: null,
        agent_version: null,
        created_at: now,
        updated_date: now,
        updated_by: ownerId,
        key_made_by: ownerId,
      })
      .execute();
    const assigned = range(0, 20).map((i) => leafIds[(s * 20 + i) % leafIds.length] as string);
    await db
      .insertInto('scanner_subnets')
      .values(assigned.map((subnetId, position) => ({ scanner_id: id, subnet_id: subnetId, position })))
      .execute();
  }
}

/** A year of address edits by the members, oldest first, spread evenly over 365 days. */
async function addHistory(
  db: Db,
  accountId: string,
  members: { id: string }[],
  leafIds: string[],
  count: number,
) {
  const start = Date.now() - 365 * DAY_MS;
  const step = (365 * DAY_MS) / Math.max(1, count);
  for (const part of chunksOf(range(0, count), 10_000)) {
    await db.transaction().execute(async (trx) => {
      for (const chunk of chunksOf(part, 500)) {
        const rows: Insertable<AuditLogTable>[] = chunk.map((n) => {
          const at = new Date(start + n * step).toISOString();
          const ip = `10.0.${n % 30}.${(n % 150) + 1}`;
          const before = {
            ipAddress: ip,
            status: 'Available',
            hostname: '',
            description: '',
            allowScannerUpdate: true,
          };
          return {
            id: randomUUID(),
            account_id: accountId,
            user_id: members[n % members.length]?.id ?? null,
            at,
            action: 'update',
            entity: 'address',
            entity_id: ip,
            subnet_id: leafIds[n % leafIds.length] ?? null,
            actor: null,
            before_json: JSON.stringify(before),
            after_json: JSON.stringify({
              ...before,
              status: 'In Use',
              hostname: `host-${n}.example.net`,
              updatedDate: at,
            }),
          };
        });
        await trx.insertInto('audit_log').values(rows).execute();
      }
    });
  }
}
