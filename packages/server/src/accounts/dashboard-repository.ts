import type { IpVersion } from '@ipam/core/prefix';
import { staleCutoff } from '@ipam/core/stale';
import type { Db } from '../db/database.js';
import { toCount } from '../db/db-values.js';
import { chunksOf } from '../db/chunks.js';
import { sql } from 'kysely';

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

const leavesWithCounts = (db: Db, accountId: string) =>
  db
    .selectFrom('subnets')
    .leftJoin('ip_address_counts', 'ip_address_counts.subnet_id', 'subnets.id')
    .where('subnets.account_id', '=', accountId)
    .where('subnets.kind', '=', 'leaf');

/**
 * The account's leaf subnets summed per version and prefix length (at most 162 rows, whatever the
 * account's size): the caller multiplies each length's host count exactly. From the kept counts,
 * never a count over address rows; containers hold no addresses (theirs would count their leaves' twice).
 */
export async function sumSubnetUse(db: Db, accountId: string): Promise<SubnetUseSum[]> {
  const rows = await leavesWithCounts(db, accountId)
    .select(['subnets.version', 'subnets.prefix_length'])
    .select((eb) => [
      eb.fn.countAll<string | number>().as('subnets'),
      eb.fn.sum<string | number | null>(eb.fn.coalesce('ip_address_counts.in_use', eb.lit(0))).as('in_use'),
      eb.fn
        .sum<string | number | null>(eb.fn.coalesce('ip_address_counts.reserved', eb.lit(0)))
        .as('reserved'),
    ])
    .groupBy(['subnets.version', 'subnets.prefix_length'])
    .execute();
  return rows.map((row) => ({
    version: Number(row.version) === 6 ? 6 : 4,
    prefixLength: Number(row.prefix_length),
    subnets: toCount(row.subnets),
    inUse: toCount(row.in_use ?? 0),
    reserved: toCount(row.reserved ?? 0),
  }));
}

/**
 * The share of a leaf's usable addresses In Use or Reserved, as a double (core's usableHostCount:
 * 2^(bits - length), less network and broadcast for IPv4 shorter than /31). `power` of a double on
 * both engines (a numeric on PostgreSQL would round an IPv6 share to 0).
 */
const fullness = sql<number>`(coalesce(ip_address_counts.in_use, 0) + coalesce(ip_address_counts.reserved, 0))
  / (case
      when subnets.version = 4 and subnets.prefix_length < 31
        then power(cast(2 as double precision), 32 - subnets.prefix_length) - 2
      when subnets.version = 4 then power(cast(2 as double precision), 32 - subnets.prefix_length)
      else power(cast(2 as double precision), 128 - subnets.prefix_length)
    end)`;

/**
 * Candidates for the account's `count` fullest leaves, ordered in SQL by their share as a double,
 * then by name (name_key) and id: `count` times ten rows, which the caller orders exactly. Rounding
 * to a double keeps order (a fuller subnet never gets a smaller double), so an exact top `count`
 * is missed only when more than nine times `count` different shares round to one double: shares of
 * /8-or-wider IPv4 or of IPv6 subnets within 2^-52 of each other, which no real account has.
 */
export async function listFullestSubnetCandidates(
  db: Db,
  accountId: string,
  count: number,
): Promise<SubnetUseRow[]> {
  const rows = await leavesWithCounts(db, accountId)
    .innerJoin('vrfs', 'vrfs.id', 'subnets.vrf_id')
    .select(['subnets.id', 'subnets.name', 'subnets.group_id', 'subnets.version', 'vrfs.name as vrf_name'])
    .select(['subnets.network_ip', 'subnets.prefix_length'])
    .select(['ip_address_counts.in_use', 'ip_address_counts.reserved'])
    .orderBy(fullness, 'desc')
    .orderBy('subnets.name_key')
    .orderBy('subnets.id')
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

/** Pending approval entries of the account per subnet (by the account/subnet index). */
export async function countApprovalsBySubnet(
  db: Db,
  accountId: string,
): Promise<{ subnetId: string; count: number }[]> {
  const rows = await db
    .selectFrom('approvals')
    .select(['subnet_id'])
    .select((eb) => eb.fn.countAll().as('n'))
    .where('account_id', '=', accountId)
    .groupBy('subnet_id')
    .execute();
  return rows.map((row) => ({ subnetId: row.subnet_id, count: toCount(row.n) }));
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
