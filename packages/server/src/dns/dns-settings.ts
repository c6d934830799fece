import { randomUUID } from 'node:crypto';
import type { DnsSettingsView } from '@ipam/core/api/dns';
import { parseCidr } from '@ipam/core/cidr';
import { messages } from '@ipam/core/messages';
import { reverseZoneOf } from '@ipam/core/reverse-zone';
import type { DnsSettingsInput } from '@ipam/core/schemas/dns-schemas';
import { runChange, type ChangeContext } from '../commands/change.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import type { DnsProviderRecord } from './dns-provider-repository.js';
import { requireDnsOwner, requireDnsProvider } from './dns-providers.js';
import {
  clearDnsSettings,
  findGroupLink,
  findOwnDnsSettings,
  findSubnetLink,
  saveDnsSettings,
  type DnsSettingsOwner,
  type DnsSettingsRecord,
} from './dns-settings-repository.js';

/** Deeper than any real group tree; stops a walk on a corrupt cycle. */
const MAX_GROUP_DEPTH = 100;

interface FoundSettings {
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

async function settingsInForce(
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

/** A subnet's or group's own settings and those in force, as the API shows them. */
export async function dnsSettingsView(
  db: Db,
  accountId: string,
  owner: DnsSettingsOwner,
): Promise<DnsSettingsView> {
  const { found, prefix } = await settingsInForce(db, accountId, owner);
  const own = await findOwnDnsSettings(db, accountId, owner);
  if (!found) return { own, effective: null };
  const provider = await requireDnsProvider(db, accountId, found.settings.providerId);
  const parsed = prefix === null ? null : parseCidr(prefix);
  return {
    own,
    effective: {
      providerId: provider.id,
      providerName: provider.name,
      forwardZone: found.settings.forwardZone,
      reverseZone: found.settings.reverseZone ?? (parsed ? reverseZoneOf(parsed) : null),
      inheritedFrom: found.from,
    },
  };
}

/** Sets a subnet's or group's own settings (owner only; the provider must be the account's). */
export async function setDnsSettings(
  ctx: ChangeContext,
  owner: DnsSettingsOwner,
  input: DnsSettingsInput,
): Promise<DnsSettingsView> {
  requireDnsOwner(ctx);
  return runChange(ctx, async ({ trx, audit }) => {
    await settingsInForce(trx, ctx.account.id, owner);
    await requireDnsProvider(trx, ctx.account.id, input.providerId);
    const before = await findOwnDnsSettings(trx, ctx.account.id, owner);
    await saveDnsSettings(trx, ctx.account.id, owner, input, randomUUID(), nowIso());
    audit({
      action: before ? 'update' : 'create',
      entity: `${owner.kind}_dns`,
      entityId: owner.id,
      before,
      after: input,
    });
    return dnsSettingsView(trx, ctx.account.id, owner);
  });
}

/** Removes a subnet's or group's own settings; it inherits again. */
export async function clearOwnDnsSettings(
  ctx: ChangeContext,
  owner: DnsSettingsOwner,
): Promise<DnsSettingsView> {
  requireDnsOwner(ctx);
  return runChange(ctx, async ({ trx, audit }) => {
    await settingsInForce(trx, ctx.account.id, owner);
    const before = await findOwnDnsSettings(trx, ctx.account.id, owner);
    await clearDnsSettings(trx, ctx.account.id, owner);
    if (before) audit({ action: 'delete', entity: `${owner.kind}_dns`, entityId: owner.id, before });
    return dnsSettingsView(trx, ctx.account.id, owner);
  });
}
