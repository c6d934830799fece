import type { InventoryHost } from '@ipam/core/api/inventory';
import type { Db } from '../db/database.js';

/**
 * The account's In Use addresses with a hostname, with their subnet, VLAN, VRF and group, lowest
 * subnet then lowest address first; only those of `groupIds` when given. One query: it walks the
 * account's subnets and, per subnet, the (subnet, status, key) index of its addresses.
 */
export async function listInventoryHosts(
  db: Db,
  accountId: string,
  groupIds: readonly string[] | null,
): Promise<InventoryHost[]> {
  if (groupIds !== null && groupIds.length === 0) return [];
  let query = db
    .selectFrom('subnets as s')
    .innerJoin('ip_addresses as a', 'a.subnet_id', 's.id')
    .innerJoin('vrfs as v', 'v.id', 's.vrf_id')
    .select([
      'a.hostname',
      'a.ip_address',
      'a.description',
      's.network_ip',
      's.prefix_length',
      's.name as subnet_name',
      's.group_id',
      's.vlan_id',
      'v.name as vrf_name',
    ])
    .where('s.account_id', '=', accountId)
    .where('a.status', '=', 'In Use')
    .where('a.hostname', '<>', '');
  if (groupIds !== null) query = query.where('s.group_id', 'in', groupIds);
  const rows = await query.orderBy('s.version').orderBy('s.first_key').orderBy('a.sort_key').execute();
  return rows.map((row) => ({
    hostname: row.hostname,
    ipAddress: row.ip_address,
    subnet: `${row.network_ip}/${row.prefix_length}`,
    subnetName: row.subnet_name,
    groupId: row.group_id,
    vlanId: Number(row.vlan_id),
    vrf: row.vrf_name,
    description: row.description,
  }));
}
