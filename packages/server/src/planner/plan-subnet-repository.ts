import { parseAddress } from '@ipam/core/ip-address';
import type { PlanSubnetInput } from '@ipam/core/schemas/plan-schemas';
import { sortKeyOf } from '../addresses/address-keys.js';
import { chunksOf } from '../db/chunks.js';
import type { Db } from '../db/database.js';
import { toCount } from '../db/db-values.js';
import type { PlanSubnetsTable } from '../db/schema.js';

/** A planned subnet as stored (PL-2): the fields a client writes, without the derived ones. */
export interface PlanSubnetRecord {
  id: string;
  planId: string;
  parentSubnetId: string | null;
  name: string;
  description: string;
  ipVersion: 'IPv4' | 'IPv6';
  networkAddress: string;
  cidr: number;
  vlan: PlanSubnetInput['vlan'];
  reservedAddresses: Array<{ address: string; type: string }>;
  planning: { currentHosts: number; plannedGrowth: number; notes: string };
  status: PlanSubnetInput['status'];
  createdAt: string;
  updatedAt: string;
}

function toRecord(row: PlanSubnetsTable): PlanSubnetRecord {
  return {
    id: row.id,
    planId: row.plan_id,
    parentSubnetId: row.parent_id,
    name: row.name,
    description: row.description,
    ipVersion: row.ip_version === 6 ? 'IPv6' : 'IPv4',
    networkAddress: row.network_address,
    cidr: row.cidr,
    vlan:
      row.vlan_id === null
        ? null
        : { id: row.vlan_id, name: row.vlan_name ?? '', description: row.vlan_description ?? '' },
    reservedAddresses: JSON.parse(row.reserved_json) as PlanSubnetRecord['reservedAddresses'],
    planning: { currentHosts: row.current_hosts, plannedGrowth: row.planned_growth, notes: row.notes },
    status: row.status as PlanSubnetRecord['status'],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRow(subnet: PlanSubnetRecord): PlanSubnetsTable {
  const version = subnet.ipVersion === 'IPv6' ? 6 : 4;
  const value = parseAddress(subnet.networkAddress)?.value ?? 0n;
  return {
    id: subnet.id,
    plan_id: subnet.planId,
    parent_id: subnet.parentSubnetId,
    name: subnet.name,
    description: subnet.description,
    ip_version: version,
    network_address: subnet.networkAddress,
    network_key: sortKeyOf(version, value),
    cidr: subnet.cidr,
    vlan_id: subnet.vlan?.id ?? null,
    vlan_name: subnet.vlan?.name ?? null,
    vlan_description: subnet.vlan?.description ?? null,
    reserved_json: JSON.stringify(subnet.reservedAddresses),
    current_hosts: subnet.planning.currentHosts,
    planned_growth: subnet.planning.plannedGrowth,
    notes: subnet.planning.notes,
    status: subnet.status,
    created_at: subnet.createdAt,
    updated_at: subnet.updatedAt,
  };
}

/** A plan's subnets in address order (IPv4 first); tree order is core's planTree. */
export async function listPlanSubnets(db: Db, planId: string): Promise<PlanSubnetRecord[]> {
  const rows = await db
    .selectFrom('plan_subnets')
    .selectAll()
    .where('plan_id', '=', planId)
    .orderBy('ip_version')
    .orderBy('network_key')
    .orderBy('cidr')
    .execute();
  return rows.map(toRecord);
}

/** How many subnets a plan holds (PL-5). */
export async function countPlanSubnets(db: Db, planId: string): Promise<number> {
  const row = await db
    .selectFrom('plan_subnets')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('plan_id', '=', planId)
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

/**
 * Stores subnets in multi-row statements (a 4,096-child split is 9 statements, PL-15). Parents must
 * come before their children in the list: each statement's rows may only point at rows already there
 * or in the same statement.
 */
export async function insertPlanSubnets(db: Db, subnets: readonly PlanSubnetRecord[]): Promise<void> {
  for (const chunk of chunksOf(subnets.map(toRow))) {
    await db.insertInto('plan_subnets').values(chunk).execute();
  }
}

/** Writes every stored field of one subnet back. */
export async function updatePlanSubnetRow(db: Db, subnet: PlanSubnetRecord): Promise<void> {
  const { id: _id, plan_id: _plan, created_at: _created, ...fields } = toRow(subnet);
  await db
    .updateTable('plan_subnets')
    .set(fields)
    .where('plan_id', '=', subnet.planId)
    .where('id', '=', subnet.id)
    .execute();
}

/** Moves the children of one subnet under another parent (or to the top). */
export async function reparentChildren(
  db: Db,
  planId: string,
  fromParentId: string,
  toParentId: string | null,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('plan_subnets')
    .set({ parent_id: toParentId, updated_at: updatedAt })
    .where('plan_id', '=', planId)
    .where('parent_id', '=', fromParentId)
    .execute();
}

/** Deletes subnets of a plan by id (children first is not needed: parent links cascade). */
export async function deletePlanSubnets(db: Db, planId: string, ids: readonly string[]): Promise<void> {
  for (const chunk of chunksOf(ids)) {
    await db.deleteFrom('plan_subnets').where('plan_id', '=', planId).where('id', 'in', chunk).execute();
  }
}
