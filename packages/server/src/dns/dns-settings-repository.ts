import type { Db } from '../db/database.js';

/** The DNS settings stored for one subnet or group. */
export interface DnsSettingsRecord {
  providerId: string;
  forwardZone: string;
  reverseZone: string | null;
}

/** Whose settings: a subnet's or a group's. */
export interface DnsSettingsOwner {
  kind: 'subnet' | 'group';
  id: string;
}

function ownerColumn(owner: DnsSettingsOwner): 'subnet_id' | 'group_id' {
  return owner.kind === 'subnet' ? 'subnet_id' : 'group_id';
}

/** The settings a subnet or group has of its own, or null. */
export async function findOwnDnsSettings(
  db: Db,
  accountId: string,
  owner: DnsSettingsOwner,
): Promise<DnsSettingsRecord | null> {
  const row = await db
    .selectFrom('dns_settings')
    .select(['provider_id', 'forward_zone', 'reverse_zone'])
    .where('account_id', '=', accountId)
    .where(ownerColumn(owner), '=', owner.id)
    .executeTakeFirst();
  return row
    ? { providerId: row.provider_id, forwardZone: row.forward_zone, reverseZone: row.reverse_zone }
    : null;
}

/** Sets (replacing) the settings of a subnet or group. */
export async function saveDnsSettings(
  db: Db,
  accountId: string,
  owner: DnsSettingsOwner,
  settings: DnsSettingsRecord,
  id: string,
  now: string,
): Promise<void> {
  await clearDnsSettings(db, accountId, owner);
  await db
    .insertInto('dns_settings')
    .values({
      id,
      account_id: accountId,
      subnet_id: owner.kind === 'subnet' ? owner.id : null,
      group_id: owner.kind === 'group' ? owner.id : null,
      provider_id: settings.providerId,
      forward_zone: settings.forwardZone,
      reverse_zone: settings.reverseZone,
      updated_date: now,
    })
    .execute();
}

/** Removes the settings of a subnet or group (none: nothing happens). */
export async function clearDnsSettings(db: Db, accountId: string, owner: DnsSettingsOwner): Promise<void> {
  await db
    .deleteFrom('dns_settings')
    .where('account_id', '=', accountId)
    .where(ownerColumn(owner), '=', owner.id)
    .execute();
}

/** How many settings use a provider. */
export async function countSettingsOfProvider(
  db: Db,
  accountId: string,
  providerId: string,
): Promise<number> {
  const row = await db
    .selectFrom('dns_settings')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('account_id', '=', accountId)
    .where('provider_id', '=', providerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A group's parent and name (for walking up the tree), or null if not in the account. */
export async function findGroupLink(
  db: Db,
  accountId: string,
  groupId: string,
): Promise<{ name: string; parentId: string | null } | null> {
  const row = await db
    .selectFrom('groups')
    .select(['name', 'parent_id'])
    .where('account_id', '=', accountId)
    .where('id', '=', groupId)
    .executeTakeFirst();
  return row ? { name: row.name, parentId: row.parent_id } : null;
}

/** A subnet's group, name and prefix, or null if not in the account. */
export async function findSubnetLink(
  db: Db,
  accountId: string,
  subnetId: string,
): Promise<{ name: string; groupId: string; networkIp: string; prefixLength: number } | null> {
  const row = await db
    .selectFrom('subnets')
    .select(['name', 'group_id', 'network_ip', 'prefix_length'])
    .where('account_id', '=', accountId)
    .where('id', '=', subnetId)
    .executeTakeFirst();
  return row
    ? { name: row.name, groupId: row.group_id, networkIp: row.network_ip, prefixLength: row.prefix_length }
    : null;
}

/** The subnet's written addresses that have a hostname (what DNS should hold for it). */
export async function listNamedAddresses(
  db: Db,
  accountId: string,
  subnetId: string,
): Promise<{ ip: string; hostname: string }[]> {
  const rows = await db
    .selectFrom('ip_addresses')
    .select(['ip_address', 'hostname'])
    .where('account_id', '=', accountId)
    .where('subnet_id', '=', subnetId)
    .where('hostname', '<>', '')
    .execute();
  return rows.map((row) => ({ ip: row.ip_address, hostname: row.hostname }));
}
