import { formatAddress } from '@ipam/core/ip-address';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';

/**
 * Rows written as the first releases wrote them, in plain SQL against the schema of migrations 0001 to
 * 0003 (the application's code writes only the latest one), and what the API must answer of them after
 * an upgrade. first-schema-data.ts fills a database with them.
 */

export type Status = 'In Use' | 'Reserved' | 'Available';

/** A written address, as the API must answer it after the upgrade. */
export interface OldAddress {
  ipAddress: string;
  status: Status;
  hostname: string;
  description: string;
  allowScannerUpdate: boolean;
  updatedDate: string;
  updatedBy: string;
}

/** A subnet and its written addresses. */
export interface OldSubnet {
  id: string;
  groupId: string;
  name: string;
  description: string;
  vlanId: number;
  version: 4 | 6;
  networkIP: string;
  length: number;
  scanningType: 'none' | 'auto' | 'approval';
  scanFrequency: number | null;
  scanNow: boolean;
  addresses: OldAddress[];
}

/** What the seed wrote, for the checks after the upgrade. */
export interface OldData {
  password: string;
  accountId: string;
  owner: { id: string; email: string };
  members: { id: string; email: string }[];
  groups: { id: string; name: string; parentId: string | null }[];
  subnets: OldSubnet[];
  /** Saved calculator results: the stored result is what the API must answer. */
  calculations: { type: 'ipv4' | 'ipv6'; ipAddress: string; result: unknown }[];
  neighbour: { email: string; accountId: string; subnet: OldSubnet };
}

const start = Date.parse('2026-11-22T09:00:00.000Z');
let tick = 0;
/** Distinct, increasing times, as a day of work would leave them. */
export const nextTime = () => new Date(start + ++tick * 1000).toISOString();

/** The stored sort key of the first releases: fixed-width lowercase hex (8 digits IPv4, 32 IPv6). */
const keyOf = (version: 4 | 6, value: bigint) => value.toString(16).padStart(version === 4 ? 8 : 32, '0');

/** A user with a password hash. */
export async function insertUser(db: Db, id: string, email: string, passwordHash: string): Promise<void> {
  await sql`insert into users (id, email, password_hash, display_name, created_at)
    values (${id}, ${email}, ${passwordHash}, ${null}, ${nextTime()})`.execute(db);
}

/** An account (tier 2: scanners and IPv6) held by `ownerId`, with its users linked. */
export async function insertAccount(db: Db, id: string, ownerId: string, userIds: readonly string[]) {
  await sql`insert into accounts (id, uid, reference, tier, maxusers, maxnetworks, created_at)
    values (${id}, ${ownerId}, ${`ref-${id}`}, 2, 10, 50, ${nextTime()})`.execute(db);
  for (const userId of userIds) {
    await sql`insert into users_accounts (user_id, account_id, created_at)
      values (${userId}, ${id}, ${nextTime()})`.execute(db);
  }
}

/** A group of the account. */
export async function insertGroup(db: Db, accountId: string, group: OldData['groups'][number], by: string) {
  const at = nextTime();
  await sql`insert into groups (id, account_id, parent_id, name, description, created_at, updated_date, updated_by)
    values (${group.id}, ${accountId}, ${group.parentId}, ${group.name}, ${`The ${group.name} group`}, ${at},
      ${at}, ${by})`.execute(db);
}

/** The subnet's row, its written addresses (generated: In Use, Reserved, cleared), their counts and audit. */
export async function insertSubnet(
  db: Db,
  accountId: string,
  plan: Omit<OldSubnet, 'networkIP' | 'description' | 'addresses'> & { network: bigint; count: number },
  editors: readonly string[],
): Promise<OldSubnet> {
  const { version, network, length } = plan;
  const size = 1n << BigInt((version === 4 ? 32 : 128) - length);
  const at = nextTime();
  const description = `${plan.name} network`;
  await sql`insert into subnets (id, account_id, group_id, name, vlan_id, description, version, network_ip,
      prefix_length, first_key, last_key, scanning_type, scan_frequency, last_scanned, scan_now, created_at,
      updated_date, updated_by)
    values (${plan.id}, ${accountId}, ${plan.groupId}, ${plan.name}, ${plan.vlanId}, ${description},
      ${version}, ${formatAddress(version, network)}, ${length}, ${keyOf(version, network)},
      ${keyOf(version, network + size - 1n)}, ${plan.scanningType}, ${plan.scanFrequency}, ${null},
      ${plan.scanNow ? 1 : 0}, ${at}, ${at}, ${editors[0] ?? null})`.execute(db);
  const step = BigInt(Math.max(1, Math.floor(Number(size - 2n) / plan.count)));
  const addresses: OldAddress[] = [];
  const counts = { 'In Use': 0, Reserved: 0, Available: 0 };
  for (let i = 0; i < plan.count; i++) {
    const value = network + 1n + BigInt(i) * step;
    const status: Status = i % 4 === 3 ? 'Available' : i % 4 === 2 ? 'Reserved' : 'In Use';
    const isPrinter = plan.name === 'Printers';
    const address: OldAddress = {
      ipAddress: formatAddress(version, value),
      status,
      hostname:
        status === 'Available' ? '' : isPrinter ? `Drucker-Büro-${i}` : `${plan.id}-host-${i}.Example.net`,
      description: status === 'Available' ? '' : `Rack ${i % 5}, row ${i % 3}`,
      allowScannerUpdate: i % 3 !== 0,
      updatedDate: nextTime(),
      updatedBy: editors[i % editors.length] ?? '',
    };
    counts[status]++;
    addresses.push(address);
    const id = `${plan.id}-a${i}`;
    await sql`insert into ip_addresses (id, account_id, subnet_id, ip_address, sort_key, status, hostname,
        description, hostname_folded, description_folded, allow_scanner_update, updated_date, updated_by)
      values (${id}, ${accountId}, ${plan.id}, ${address.ipAddress}, ${keyOf(version, value)}, ${status},
        ${address.hostname}, ${address.description}, ${address.hostname.toLowerCase()},
        ${address.description.toLowerCase()}, ${address.allowScannerUpdate ? 1 : 0}, ${address.updatedDate},
        ${address.updatedBy})`.execute(db);
    // The audit entry of the edit, with the address's view before (never written) and after.
    const before = { id, ipAddress: address.ipAddress, status: 'Available', hostname: '', description: '' };
    const after = { id, ...address };
    await sql`insert into audit_log (id, account_id, user_id, at, action, entity, entity_id, before_json,
        after_json, subnet_id)
      values (${`${id}-audit`}, ${accountId}, ${address.updatedBy}, ${address.updatedDate}, 'update', 'address',
        ${address.ipAddress}, ${JSON.stringify({
          ...before,
          allowScannerUpdate: true,
          updatedDate: null,
          updatedBy: null,
        })}, ${JSON.stringify(after)}, ${plan.id})`.execute(db);
  }
  await sql`insert into ip_address_counts (subnet_id, in_use, reserved, available)
    values (${plan.id}, ${counts['In Use']}, ${counts.Reserved}, ${counts.Available})`.execute(db);
  return {
    id: plan.id,
    groupId: plan.groupId,
    name: plan.name,
    description,
    vlanId: plan.vlanId,
    version,
    networkIP: formatAddress(version, network),
    length,
    scanningType: plan.scanningType,
    scanFrequency: plan.scanFrequency,
    scanNow: plan.scanNow,
    addresses,
  };
}

/** What insertSubnet makes: the subnet's fields, its network and how many addresses to write. */
export type SubnetPlan = Parameters<typeof insertSubnet>[2];

/** A subnet plan with the defaults most subnets share. */
export const plan = (
  fields: Partial<SubnetPlan> & Pick<SubnetPlan, 'id' | 'groupId' | 'name' | 'network' | 'length'>,
): SubnetPlan => ({
  vlanId: 10,
  version: 4,
  scanningType: 'none',
  scanFrequency: null,
  scanNow: false,
  count: 40,
  ...fields,
});
