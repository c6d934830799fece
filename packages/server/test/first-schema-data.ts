import { createHash } from 'node:crypto';
import { calculateIPv4 } from '@ipam/core/calculator-ipv4';
import { calculateIPv6 } from '@ipam/core/calculator-ipv6';
import { sql } from 'kysely';
import { hashPassword } from '../src/auth/password.js';
import type { Db } from '../src/db/database.js';
import { goodPassword } from './factories.js';
import {
  insertAccount,
  insertGroup,
  insertSubnet,
  insertUser,
  nextTime,
  plan,
  type OldData,
  type OldSubnet,
  type SubnetPlan,
} from './first-schema-rows.js';

export type { OldData, OldSubnet } from './first-schema-rows.js';

// A realistic small data set of the first releases, generated in loops: what an upgrade must carry intact.

/**
 * Users, two accounts (the second one's subnet overlaps the first's, as another tenant may), groups in
 * a tree, IPv4 and IPv6 subnets with a few hundred written addresses, audit entries and saved
 * calculations, as the schema of migrations 0001 to 0003 held them.
 */
export async function seedFirstSchema(db: Db): Promise<OldData> {
  const passwordHash = await hashPassword(goodPassword); // argon2id, the same PHC format since 0001
  const owner = { id: 'u-owner', email: 'owner@upgrade.example' };
  const members = [1, 2].map((n) => ({ id: `u-member-${n}`, email: `member-${n}@upgrade.example` }));
  const neighbourOwner = { id: 'u-neighbour', email: 'neighbour@upgrade.example' };
  for (const user of [owner, ...members, neighbourOwner])
    await insertUser(db, user.id, user.email, passwordHash);
  const accountId = 'acct-upgrade';
  await insertAccount(db, accountId, owner.id, [owner.id, ...members.map((m) => m.id)]);
  const groups = [
    { id: 'g-dc', name: 'Datacenter', parentId: null },
    { id: 'g-racks', name: 'Racks', parentId: 'g-dc' },
    { id: 'g-office', name: 'Office', parentId: null },
    { id: 'g-lab', name: 'Lab', parentId: null },
  ];
  for (const group of groups) await insertGroup(db, accountId, group, owner.id);
  const editors = [owner.id, members[0]?.id ?? ''];
  const v6 = (text: string) => BigInt(`0x${text}`);
  const plans: SubnetPlan[] = [
    plan({
      id: 's-servers',
      groupId: 'g-dc',
      name: 'Servers',
      network: 0x0a010000n,
      length: 24,
      scanningType: 'auto',
      scanFrequency: 24,
    }),
    plan({
      id: 's-rack-a',
      groupId: 'g-racks',
      name: 'Rack A',
      network: 0x0a010100n,
      length: 24,
      vlanId: 11,
    }),
    plan({
      id: 's-rack-b',
      groupId: 'g-racks',
      name: 'Rack B',
      network: 0x0a010200n,
      length: 24,
      vlanId: 12,
      scanningType: 'approval',
      scanFrequency: 12,
      scanNow: true,
    }),
    plan({
      id: 's-office',
      groupId: 'g-office',
      name: 'Office LAN',
      network: 0x0a010300n,
      length: 24,
      vlanId: 20,
    }),
    plan({
      id: 's-printers',
      groupId: 'g-office',
      name: 'Printers',
      network: 0x0a020000n,
      length: 26,
      count: 20,
    }),
    plan({ id: 's-mgmt', groupId: 'g-dc', name: 'Management', network: 0xc0a83200n, length: 28, count: 8 }),
    plan({
      id: 's-servers-v6',
      groupId: 'g-dc',
      name: 'Servers v6',
      version: 6,
      length: 120,
      count: 30,
      network: v6('20010db8000000010000000000000000'),
    }),
    plan({
      id: 's-office-v6',
      groupId: 'g-office',
      name: 'Office v6',
      version: 6,
      length: 124,
      count: 10,
      network: v6('20010db8000000020000000000000000'),
    }),
  ];
  const subnets: OldSubnet[] = [];
  for (const subnetPlan of plans) subnets.push(await insertSubnet(db, accountId, subnetPlan, editors));

  const calculations: OldData['calculations'] = [];
  const saves: [string, string, 'ipv4' | 'ipv6'][] = [
    ['192.168.1.10', '255.255.255.0', 'ipv4'],
    ['2001:db8::1', '64', 'ipv6'],
    ['10.0.0.1', '255.255.0.0', 'ipv4'],
    ['2001:db8:abcd::', '48', 'ipv6'],
    ['172.16.5.4', '255.255.255.252', 'ipv4'],
  ];
  for (const [seq, [ipAddress, size, type]] of saves.entries()) {
    const outcome = type === 'ipv4' ? calculateIPv4(ipAddress, size) : calculateIPv6(ipAddress, size);
    if (!outcome.ok) throw new Error(`seed calculation ${ipAddress}/${size} invalid`);
    await sql`insert into calculations (id, account_id, seq, type, ip_address, subnet_mask, prefix_length, cidr,
        result_json, created_at, created_by)
      values (${`calc-${seq}`}, ${accountId}, ${seq + 1}, ${type}, ${ipAddress}, ${type === 'ipv4' ? size : null},
        ${type === 'ipv6' ? size : null}, ${outcome.result.cidr}, ${JSON.stringify(outcome.result)}, ${nextTime()},
        ${owner.id})`.execute(db);
    calculations.push({ type, ipAddress, result: outcome.result });
  }

  const neighbourAccount = 'acct-neighbour';
  await insertAccount(db, neighbourAccount, neighbourOwner.id, [neighbourOwner.id]);
  await insertGroup(
    db,
    neighbourAccount,
    { id: 'g-neighbour', name: 'Main', parentId: null },
    neighbourOwner.id,
  );
  const neighbourSubnet = await insertSubnet(
    db,
    neighbourAccount,
    plan({
      id: 's-neighbour',
      groupId: 'g-neighbour',
      name: 'Neighbour LAN',
      network: 0x0a010000n,
      length: 24,
      count: 10,
    }),
    [neighbourOwner.id],
  );
  return {
    password: goodPassword,
    accountId,
    owner,
    members,
    groups,
    subnets,
    calculations,
    neighbour: { email: neighbourOwner.email, accountId: neighbourAccount, subnet: neighbourSubnet },
  };
}

/** The scanner of the schema of migration 0004: its key (stored as SHA-256), and the subnets it scans. */
export interface OldScanner {
  id: string;
  name: string;
  key: string;
  subnetIds: string[];
  /** An id the scanner still lists whose subnet was deleted ("(Removed)"). */
  removedSubnetId: string;
}

/** Adds a scanner of the first account as migration 0004's schema held it. */
export async function seedScanner(db: Db, data: OldData): Promise<OldScanner> {
  const scanner: OldScanner = {
    id: 'scanner-basement',
    name: 'Basement agent',
    key: 'UpgradeKey0123456789abcdefGHIJKL',
    subnetIds: ['s-servers', 's-rack-b'],
    removedSubnetId: 's-deleted-long-ago',
  };
  const at = nextTime();
  const keyHash = createHash('sha256').update(scanner.key, 'utf8').digest('hex');
  await sql`insert into scanners (id, account_id, name, description, key_hash, key_prefix, block_scanning,
      poll_interval_seconds, last_seen_at, agent_version, created_at, updated_date, updated_by)
    values (${scanner.id}, ${data.accountId}, ${scanner.name}, 'In the basement rack', ${keyHash},
      ${scanner.key.slice(0, 4)}, 0, 60, ${null}, ${null}, ${at}, ${at}, ${data.owner.id})`.execute(db);
  for (const [position, subnetId] of [...scanner.subnetIds, scanner.removedSubnetId].entries()) {
    await sql`insert into scanner_subnets (scanner_id, subnet_id, position)
      values (${scanner.id}, ${subnetId}, ${position})`.execute(db);
  }
  return scanner;
}
