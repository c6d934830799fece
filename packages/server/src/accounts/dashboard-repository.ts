import type { PendingApprovals } from '@ipam/core/api/dashboard';
import type { IpVersion } from '@ipam/core/prefix';
import { staleCutoff } from '@ipam/core/stale';
import type { Db } from '../db/database.js';
import { toCount } from '../db/db-values.js';
import { chunksOf } from '../db/chunks.js';

/** A leaf subnet with its written addresses In Use and Reserved, as kept in `ip_address_counts`. */
export interface SubnetUseRow {
  id: string;
  name: string;
  vrfName: string;
  groupId: string;
  version: IpVersion;
  networkIP: string;
  prefixLength: number;
  inUse: number;
  reserved: number;
}

/** The account's leaf subnets of one version and prefix length: how many, and their counts summed. */
export interface SubnetUseSum {
  version: IpVersion;
  prefixLength: number;
  subnets: number;
  inUse: number;
  reserved: number;
}

/**
 * The account's leaf subnets summed per version and prefix length (at most 162 rows, whatever the
 * account's size): the caller multiplies each length's host count exactly. Read from the totals every
 * count change keeps (`leaf_use_totals`), never summed over subnets or addresses.
 */
export async function sumSubnetUse(db: Db, accountId: string): Promise<SubnetUseSum[]> {
  const rows = await db
    .selectFrom('leaf_use_totals')
    .select(['version', 'prefix_length', 'subnets', 'in_use', 'reserved'])
    .where('account_id', '=', accountId)
    .where('subnets', '>', 0)
    .execute();
  return rows.map((row) => ({
    version: Number(row.version) === 6 ? 6 : 4,
    prefixLength: Number(row.prefix_length),
    subnets: toCount(row.subnets),
    inUse: toCount(row.in_use),
    reserved: toCount(row.reserved),
  }));
}

/**
 * Candidates for the account's `count` fullest leaves: the first `count` times ten rows of the index
 * on each leaf's kept share (a double, generated from its counts), then name (name_key) and id; the
 * caller orders them exactly. Rounding to a double keeps order (a fuller subnet never gets a smaller
 * double), so an exact top `count` is missed only when more than nine times `count` different shares
 * round to one double: shares of /8-or-wider IPv4 or of IPv6 subnets within 2^-52 of each other,
 * which no real account has.
 */
export async function listFullestSubnetCandidates(
  db: Db,
  accountId: string,
  count: number,
): Promise<SubnetUseRow[]> {
  const rows = await db
    .selectFrom('ip_address_counts')
    .innerJoin('subnets', 'subnets.id', 'ip_address_counts.subnet_id')
    .innerJoin('vrfs', 'vrfs.id', 'subnets.vrf_id')
    .select(['subnets.id', 'subnets.name', 'subnets.group_id', 'subnets.version', 'vrfs.name as vrf_name'])
    .select(['subnets.network_ip', 'subnets.prefix_length'])
    .select(['ip_address_counts.in_use', 'ip_address_counts.reserved'])
    .where('ip_address_counts.account_id', '=', accountId)
    .orderBy('ip_address_counts.share', 'desc')
    .orderBy('ip_address_counts.name_key')
    .orderBy('ip_address_counts.subnet_id')
    .limit(count * 10)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    vrfName: row.vrf_name,
    groupId: row.group_id,
    version: Number(row.version) === 6 ? 6 : 4,
    networkIP: row.network_ip,
    prefixLength: Number(row.prefix_length),
    inUse: toCount(row.in_use),
    reserved: toCount(row.reserved),
  }));
}

/** What the dashboard shows of a subnet it names. */
export interface SubnetLabel {
  name: string;
  cidr: string;
}

/** Names and networks of these subnets of the account (others' ids find nothing). */
export async function findSubnetLabels(
  db: Db,
  accountId: string,
  subnetIds: readonly string[],
): Promise<Map<string, SubnetLabel>> {
  const labels = new Map<string, SubnetLabel>();
  for (const chunk of chunksOf([...new Set(subnetIds)], 1000)) {
    const rows = await db
      .selectFrom('subnets')
      .select(['id', 'name', 'network_ip', 'prefix_length'])
      .where('account_id', '=', accountId)
      .where('id', 'in', chunk)
      .execute();
    for (const row of rows)
      labels.set(row.id, { name: row.name, cidr: `${row.network_ip}/${Number(row.prefix_length)}` });
  }
  return labels;
}

/**
 * The account's pending approval entries: how many in all, and the `limit` subnets with the most
 * (then by name), each with its count: the first rows of the index on each leaf's kept count of
 * entries waiting (ip_address_counts_pending_idx), so an account with thousands of findings waiting
 * reads only those few subnets.
 */
export async function listPendingApprovals(
  db: Db,
  accountId: string,
  limit: number,
): Promise<{ total: number; subnets: PendingApprovals[] }> {
  const [total, top] = await Promise.all([
    db
      .selectFrom('approvals')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirst(),
    db
      .selectFrom('ip_address_counts')
      .innerJoin('subnets', 'subnets.id', 'ip_address_counts.subnet_id')
      .select(['ip_address_counts.subnet_id', 'ip_address_counts.pending'])
      .select(['subnets.name', 'subnets.network_ip', 'subnets.prefix_length'])
      .where('ip_address_counts.account_id', '=', accountId)
      .where('ip_address_counts.pending', '>', 0)
      .orderBy('ip_address_counts.pending', 'desc')
      .orderBy('ip_address_counts.name_key')
      .orderBy('ip_address_counts.subnet_id')
      .limit(limit)
      .execute(),
  ]);
  return {
    total: toCount(total?.n ?? 0),
    subnets: top.map((row) => ({
      subnetId: row.subnet_id,
      name: row.name,
      cidr: `${row.network_ip}/${Number(row.prefix_length)}`,
      count: toCount(row.pending),
    })),
  };
}

/** An address no scanner has seen for its subnet's "stale after" days. */
export interface StaleAddressRow {
  ipAddress: string;
  hostname: string;
  lastSeen: string;
  subnetId: string;
}

/**
 * The account's stale addresses (issue 33): per subnet that marks them, the written addresses a
 * scanner last saw before `now` minus its days. The oldest sightings first, at most `limit`, and how
 * many there are in all. One query per distinct number of days the account's subnets set (few).
 */
export async function listStaleAddresses(
  db: Db,
  accountId: string,
  now: Date,
  limit: number,
): Promise<{ total: number; items: StaleAddressRow[] }> {
  const settings = await db
    .selectFrom('subnets')
    .select('stale_after_days')
    .distinct()
    .where('account_id', '=', accountId)
    .where('stale_after_days', 'is not', null)
    .execute();
  let total = 0;
  const items: StaleAddressRow[] = [];
  for (const { stale_after_days: days } of settings) {
    if (days === null) continue;
    const stale = db
      .selectFrom('ip_addresses')
      .innerJoin('subnets', 'subnets.id', 'ip_addresses.subnet_id')
      .where('subnets.account_id', '=', accountId)
      .where('subnets.stale_after_days', '=', days)
      .where('ip_addresses.last_seen', '<', staleCutoff(now, Number(days)));
    const [counted, oldest] = await Promise.all([
      stale.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
      stale
        .select(['ip_addresses.ip_address', 'ip_addresses.hostname', 'ip_addresses.last_seen'])
        .select('ip_addresses.subnet_id')
        .orderBy('ip_addresses.last_seen')
        .limit(limit)
        .execute(),
    ]);
    total += toCount(counted?.n ?? 0);
    for (const row of oldest) {
      if (row.last_seen === null) continue;
      items.push({
        ipAddress: row.ip_address,
        hostname: row.hostname,
        lastSeen: row.last_seen,
        subnetId: row.subnet_id,
      });
    }
  }
  items.sort((a, b) => (a.lastSeen < b.lastSeen ? -1 : a.lastSeen > b.lastSeen ? 1 : 0));
  return { total, items: items.slice(0, limit) };
}
