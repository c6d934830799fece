import { randomUUID } from 'node:crypto';
import type { DnsSettingsView } from '@ipam/core/api/dns';
import { parseCidr } from '@ipam/core/cidr';
import { reverseZoneOf } from '@ipam/core/reverse-zone';
import type { DnsSettingsInput } from '@ipam/core/schemas/dns-schemas';
import { runChange, type ChangeContext } from '../commands/change.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import {
  clearDnsSettings,
  findOwnDnsSettings,
  saveDnsSettings,
  type DnsSettingsOwner,
} from './dns-settings-repository.js';
import { requireDnsProvider, settingsInForce } from './dns-settings-in-force.js';

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

/** Sets a subnet's or group's own settings (admins and owners, by the route table; the provider must be the account's). */
export async function setDnsSettings(
  ctx: ChangeContext,
  owner: DnsSettingsOwner,
  input: DnsSettingsInput,
): Promise<DnsSettingsView> {
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
  return runChange(ctx, async ({ trx, audit }) => {
    await settingsInForce(trx, ctx.account.id, owner);
    const before = await findOwnDnsSettings(trx, ctx.account.id, owner);
    await clearDnsSettings(trx, ctx.account.id, owner);
    if (before) audit({ action: 'delete', entity: `${owner.kind}_dns`, entityId: owner.id, before });
    return dnsSettingsView(trx, ctx.account.id, owner);
  });
}
