import type { IpVersion } from '@ipam/core/prefix';
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
