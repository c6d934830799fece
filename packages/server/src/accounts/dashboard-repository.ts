import type { IpVersion } from '@ipam/core/prefix';
import { staleCutoff } from '@ipam/core/stale';
import type { Db } from '../db/database.js';
import { toCount } from '../db/db-values.js';

/** A subnet with its written addresses In Use and Reserved, as kept in `ip_address_counts`. */
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

/**
 * Every leaf subnet of the account with its status counts and its VRF's name: one row each from
 * `subnets` and `ip_address_counts`, never a count over address rows. Containers hold no addresses
 * (counting theirs would count their leaves' twice).
 */
export async function listSubnetUse(db: Db, accountId: string): Promise<SubnetUseRow[]> {
  const rows = await db
    .selectFrom('subnets')
    .leftJoin('ip_address_counts', 'ip_address_counts.subnet_id', 'subnets.id')
    .innerJoin('vrfs', 'vrfs.id', 'subnets.vrf_id')
    .select(['subnets.id', 'subnets.name', 'subnets.group_id', 'subnets.version', 'vrfs.name as vrf_name'])
    .select(['subnets.network_ip', 'subnets.prefix_length'])
    .select(['ip_address_counts.in_use', 'ip_address_counts.reserved'])
    .where('subnets.account_id', '=', accountId)
    .where('subnets.kind', '=', 'leaf')
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
