import { parseCidr } from '@ipam/core/cidr';
import { messages } from '@ipam/core/messages';
import { reverseZoneOf } from '@ipam/core/reverse-zone';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { findDnsProvider, type DnsProviderRecord } from './dns-provider-repository.js';
import {
  findGroupLink,
  findOwnDnsSettings,
  findSubnetLink,
  type DnsSettingsOwner,
  type DnsSettingsRecord,
} from './dns-settings-repository.js';

// Read-only: the outbox producer uses these inside every change, so this module must not import the
// write path (commands/change.ts imports the producers).

/** A stored provider of the account, or not found. */
export async function requireDnsProvider(db: Db, accountId: string, id: string): Promise<DnsProviderRecord> {
  const provider = await findDnsProvider(db, accountId, id);
  if (!provider) throw new DomainError('not_found', messages.notFound);
  return provider;
}

/** Deeper than any real group tree; stops a walk on a corrupt cycle. */
const MAX_GROUP_DEPTH = 100;

export interface FoundSettings {
  settings: DnsSettingsRecord;
  from: { kind: 'subnet' | 'group'; id: string; name: string };
}

async function nearestGroupSettings(
  db: Db,
  accountId: string,
  groupId: string | null,
): Promise<FoundSettings | null> {
  let current = groupId;
  for (let depth = 0; current !== null && depth < MAX_GROUP_DEPTH; depth++) {
    const group = await findGroupLink(db, accountId, current);
    if (!group) return null;
    const settings = await findOwnDnsSettings(db, accountId, { kind: 'group', id: current });
    if (settings) return { settings, from: { kind: 'group', id: current, name: group.name } };
    current = group.parentId;
  }
  return null;
}

/** The settings in force for a subnet or group and where they come from; not found if not the account's. */
export async function settingsInForce(
  db: Db,
  accountId: string,
  owner: DnsSettingsOwner,
): Promise<{ name: string; found: FoundSettings | null; prefix: string | null }> {
  if (owner.kind === 'subnet') {
    const subnet = await findSubnetLink(db, accountId, owner.id);
    if (!subnet) throw new DomainError('not_found', messages.notFound);
    const own = await findOwnDnsSettings(db, accountId, owner);
    const found = own
      ? { settings: own, from: { kind: 'subnet' as const, id: owner.id, name: subnet.name } }
      : await nearestGroupSettings(db, accountId, subnet.groupId);
    return { name: subnet.name, found, prefix: `${subnet.networkIp}/${subnet.prefixLength}` };
  }
  const group = await findGroupLink(db, accountId, owner.id);
  if (!group) throw new DomainError('not_found', messages.notFound);
  return { name: group.name, found: await nearestGroupSettings(db, accountId, owner.id), prefix: null };
}

/** The DNS settings a subnet works with: provider, forward zone, reverse zone (its own or derived). */
export interface SubnetDns {
  provider: DnsProviderRecord;
  forwardZone: string;
  reverseZone: string;
}

/** The settings in force for a subnet (its own, else its nearest group's up the tree), or null. */
export async function subnetDns(db: Db, accountId: string, subnetId: string): Promise<SubnetDns | null> {
  const { found, prefix } = await settingsInForce(db, accountId, { kind: 'subnet', id: subnetId });
  const parsed = prefix === null ? null : parseCidr(prefix);
  if (!found || !parsed) return null;
  const provider = await requireDnsProvider(db, accountId, found.settings.providerId);
  return {
    provider,
    forwardZone: found.settings.forwardZone,
    reverseZone: found.settings.reverseZone ?? reverseZoneOf(parsed),
  };
}
