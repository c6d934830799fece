import type { Prefix } from '@ipam/core/prefix';
import { prefixLast } from '@ipam/core/prefix';
import { nameSortKey, sortedByName } from '@ipam/core/name-order';
import type { ScanningType } from '@ipam/core/schemas/common-fields';
import type { SubnetKind } from '@ipam/core/schemas/subnet-schemas';
import { enclosingNetworks } from '@ipam/core/subnet-placement';
import { sql, type Selectable } from 'kysely';
import { sortKeyOf, valueOfSortKey } from '../addresses/address-keys.js';
import { endLeafUse, renameLeafUse, startLeafUse } from '../addresses/address-count-repository.js';
import { isPostgres, type Db } from '../db/database.js';
import { toCount } from '../db/db-values.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { SubnetsTable } from '../db/schema.js';

/** How a subnet is scanned. */
export type { ScanningType };

/** A subnet as the domain sees it; `prefix` carries the immutable network and length. */
export interface SubnetRecord {
  id: string;
  name: string;
  vlanId: number;
  description: string;
  groupId: string;
  prefix: Prefix;
  networkIP: string;
  scanningType: ScanningType;
  scanFrequency: number | null;
  lastScanned: string | null;
  scanNow: boolean;
  updatedDate: string;
  updatedBy: string | null;
  vrfId: string;
  kind: SubnetKind;
  /** Derived from the addresses: the smallest container of the VRF holding it; null at the top. */
  parentId: string | null;
  /** Days after which an address no scanner has seen is shown as stale; null: not marked. */
  staleAfterDays: number | null;
}

/** A subnet row as the domain sees it. */
export function toSubnet(row: Selectable<SubnetsTable>): SubnetRecord {
  return {
    id: row.id,
    name: row.name,
    vlanId: Number(row.vlan_id),
    description: row.description,
    groupId: row.group_id,
    prefix: {
      version: Number(row.version) === 6 ? 6 : 4,
      network: valueOfSortKey(row.first_key),
      length: Number(row.prefix_length),
    },
    networkIP: row.network_ip,
    scanningType: row.scanning_type as ScanningType,
    scanFrequency: row.scan_frequency === null ? null : Number(row.scan_frequency),
    lastScanned: row.last_scanned,
    scanNow: Number(row.scan_now) === 1,
    updatedDate: row.updated_date,
    updatedBy: row.updated_by,
    vrfId: row.vrf_id,
    kind: row.kind === 'container' ? 'container' : 'leaf',
    parentId: row.parent_id,
    staleAfterDays: row.stale_after_days === null ? null : Number(row.stale_after_days),
  };
}

/**
 * The account's subnets ordered by name, case-insensitive. Sorted here, not in SQL: SQLite's lower()
 * folds ASCII only and PostgreSQL orders by its collation, so the engines would disagree.
 */
export async function listSubnets(
  db: Db,
  accountId: string,
  only: { parentId?: string | null | undefined; vrfId?: string | undefined } = {},
): Promise<SubnetRecord[]> {
  let query = db.selectFrom('subnets').selectAll().where('account_id', '=', accountId);
  if (only.parentId === null) query = query.where('parent_id', 'is', null);
  else if (only.parentId !== undefined) query = query.where('parent_id', '=', only.parentId);
  if (only.vrfId !== undefined) query = query.where('vrf_id', '=', only.vrfId);
  return sortedByName((await query.execute()).map(toSubnet));
}

/**
 * How a read inside a transaction holds the subnet row on PostgreSQL until the transaction ends:
 * `key-share` (writers of its addresses and approvals: waits for a delete in progress, then finds
 * nothing), `no-key-update` (an edit of its fields, or a change of its approval entries, which take
 * turns), `update` (its deletion). SQLite writes one
 * transaction at a time and needs none.
 */
export type SubnetLock = 'none' | 'key-share' | 'no-key-update' | 'update';

/** The account's subnet by id, read with one kind of lock: compiled once per lock (every write reads one). */
function subnetQueryLocked(lock: SubnetLock) {
  return preparedQuery(['accountId', 'subnetId'], (db, param) => {
    const query = db
      .selectFrom('subnets')
      .selectAll()
      .where('account_id', '=', param('accountId'))
      .where('id', '=', param('subnetId'));
    if (lock === 'none' || !isPostgres(db)) return query;
    if (lock === 'key-share') return query.forKeyShare();
    return lock === 'no-key-update' ? query.forNoKeyUpdate() : query.forUpdate();
  });
}

const subnetQueries: Record<SubnetLock, ReturnType<typeof subnetQueryLocked>> = {
  none: subnetQueryLocked('none'),
  'key-share': subnetQueryLocked('key-share'),
  'no-key-update': subnetQueryLocked('no-key-update'),
  update: subnetQueryLocked('update'),
};

/** A subnet of the account, or undefined (another account's subnet is not found). */
export async function findSubnet(
  db: Db,
  accountId: string,
  subnetId: string,
  lock: SubnetLock = 'none',
): Promise<SubnetRecord | undefined> {
  const [row] = await subnetQueries[lock](db, { accountId, subnetId });
  return row ? toSubnet(row) : undefined;
}

/**
 * The subnets of the VRF (of every VRF when `vrfId` is undefined) that hold the prefix, its own prefix
 * included: each starts at one of the prefix's enclosing networks, so this is one index lookup per
 * shorter length, not a scan.
 */
export async function findEnclosingSubnets(
  db: Db,
  accountId: string,
  vrfId: string | undefined,
  prefix: Prefix,
): Promise<SubnetRecord[]> {
  const keys = [
    ...new Set(enclosingNetworks(prefix).map((around) => sortKeyOf(prefix.version, around.network))),
  ];
  const last = sortKeyOf(prefix.version, prefixLast(prefix));
  let query = db.selectFrom('subnets').selectAll().where('account_id', '=', accountId);
  if (vrfId !== undefined) query = query.where('vrf_id', '=', vrfId);
  const rows = await query
    .where('version', '=', prefix.version)
    .where('first_key', 'in', keys)
    .where('last_key', '>=', last)
    .execute();
  return rows.map(toSubnet);
}

/** Subnets of the VRF inside the prefix (its own prefix included), lowest first; at most `limit`. */
export async function findSubnetsInside(
  db: Db,
  accountId: string,
  vrfId: string,
  prefix: Prefix,
  limit: number,
): Promise<SubnetRecord[]> {
  const rows = await db
    .selectFrom('subnets')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('vrf_id', '=', vrfId)
    .where('version', '=', prefix.version)
    .where('first_key', '>=', sortKeyOf(prefix.version, prefix.network))
    .where('first_key', '<=', sortKeyOf(prefix.version, prefixLast(prefix)))
    // A subnet holding the prefix may start where it starts: only those ending inside are inside.
    .where('last_key', '<=', sortKeyOf(prefix.version, prefixLast(prefix)))
    .orderBy('first_key')
    .limit(limit)
    .execute();
  return rows.map(toSubnet);
}

/**
 * A new container adopts the subnets inside it that were children of its own parent (or at the top):
 * they now sit in it. Deeper subnets keep their nearer parents.
 */
export async function adoptChildren(
  db: Db,
  accountId: string,
  container: { id: string; vrfId: string; prefix: Prefix; parentId: string | null },
): Promise<void> {
  const { prefix } = container;
  let update = db
    .updateTable('subnets')
    .set({ parent_id: container.id })
    .where('account_id', '=', accountId)
    .where('vrf_id', '=', container.vrfId)
    .where('version', '=', prefix.version)
    .where('first_key', '>=', sortKeyOf(prefix.version, prefix.network))
    .where('first_key', '<=', sortKeyOf(prefix.version, prefixLast(prefix)))
    .where('last_key', '<=', sortKeyOf(prefix.version, prefixLast(prefix)))
    .where('id', '<>', container.id);
  update =
    container.parentId === null
      ? update.where('parent_id', 'is', null)
      : update.where('parent_id', '=', container.parentId);
  await update.execute();
}

/** The subnets directly inside a container, lowest first. */
export async function listChildren(db: Db, accountId: string, parentId: string): Promise<SubnetRecord[]> {
  const rows = await db
    .selectFrom('subnets')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('parent_id', '=', parentId)
    .orderBy('first_key')
    .execute();
  return rows.map(toSubnet);
}

/** How many subnets sit directly inside a container. */
export async function countChildren(db: Db, accountId: string, parentId: string): Promise<number> {
  const row = await db
    .selectFrom('subnets')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('account_id', '=', accountId)
    .where('parent_id', '=', parentId)
    .executeTakeFirst();
  return toCount(row?.n);
}

/**
 * How many subnets the account has, as kept with the account by `insertSubnet` and
 * `deleteSubnetWithContents` (counting the rows of a large account on every create cost more than
 * the create).
 */
export async function countSubnets(db: Db, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select('subnet_count')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return toCount(row?.subnet_count);
}

async function addToSubnetCount(db: Db, accountId: string, change: 1 | -1): Promise<void> {
  await db
    .updateTable('accounts')
    .set((eb) => ({ subnet_count: eb('subnet_count', '+', change) }))
    .where('id', '=', accountId)
    .execute();
}

/**
 * Serialises changes to an account's groups and subnets on PostgreSQL (the limit, overlap, cycle and
 * empty-group checks read, then write); SQLite runs one write transaction at a time anyway.
 */
export async function lockAccountForIpam(db: Db, accountId: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select id from accounts where id = ${accountId} for no key update`.execute(db);
}

/** Inserts a subnet. */
export async function insertSubnet(
  db: Db,
  accountId: string,
  subnet: SubnetRecord & { createdAt: string },
): Promise<void> {
  const { prefix } = subnet;
  const nameKey = nameSortKey(subnet.name);
  await db
    .insertInto('subnets')
    .values({
      id: subnet.id,
      account_id: accountId,
      group_id: subnet.groupId,
      name: subnet.name,
      name_key: nameKey,
      vlan_id: subnet.vlanId,
      description: subnet.description,
      description_folded: subnet.description.toLowerCase(),
      version: prefix.version,
      network_ip: subnet.networkIP,
      prefix_length: prefix.length,
      first_key: sortKeyOf(prefix.version, prefix.network),
      last_key: sortKeyOf(prefix.version, prefixLast(prefix)),
      scanning_type: subnet.scanningType,
      scan_frequency: subnet.scanFrequency,
      last_scanned: subnet.lastScanned,
      scan_now: subnet.scanNow ? 1 : 0,
      created_at: subnet.createdAt,
      updated_date: subnet.updatedDate,
      updated_by: subnet.updatedBy,
      vrf_id: subnet.vrfId,
      kind: subnet.kind,
      parent_id: subnet.parentId,
      stale_after_days: subnet.staleAfterDays,
    })
    .execute();
  await addToSubnetCount(db, accountId, 1);
  if (subnet.kind === 'leaf') {
    await startLeafUse(db, [
      { id: subnet.id, accountId, version: prefix.version, prefixLength: prefix.length, nameKey },
    ]);
  }
}

/** Writes a subnet's editable fields (never its network or prefix). */
export async function updateSubnet(db: Db, accountId: string, subnet: SubnetRecord): Promise<void> {
  const nameKey = nameSortKey(subnet.name);
  await db
    .updateTable('subnets')
    .set({
      group_id: subnet.groupId,
      name: subnet.name,
      name_key: nameKey,
      vlan_id: subnet.vlanId,
      description: subnet.description,
      description_folded: subnet.description.toLowerCase(),
      scanning_type: subnet.scanningType,
      scan_frequency: subnet.scanFrequency,
      last_scanned: subnet.lastScanned,
      scan_now: subnet.scanNow ? 1 : 0,
      updated_date: subnet.updatedDate,
      updated_by: subnet.updatedBy,
      stale_after_days: subnet.staleAfterDays,
    })
    .where('account_id', '=', accountId)
    .where('id', '=', subnet.id)
    .execute();
  if (subnet.kind === 'leaf') await renameLeafUse(db, subnet.id, nameKey);
}

/** Deletes a subnet with its approvals, written addresses and scan runs (call inside a transaction). */
export async function deleteSubnetWithContents(db: Db, accountId: string, subnetId: string): Promise<void> {
  await endLeafUse(db, accountId, subnetId);
  await db.deleteFrom('approvals').where('subnet_id', '=', subnetId).execute();
  await db.deleteFrom('scan_runs').where('subnet_id', '=', subnetId).execute();
  await db.deleteFrom('ip_addresses').where('subnet_id', '=', subnetId).execute();
  const [deleted] = await db
    .deleteFrom('subnets')
    .where('account_id', '=', accountId)
    .where('id', '=', subnetId)
    .execute();
  if (Number(deleted?.numDeletedRows ?? 0) > 0) await addToSubnetCount(db, accountId, -1);
}
