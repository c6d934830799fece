import { dnsChangesFor, type DnsAddressState, type DnsOperation } from '@ipam/core/dns-changes';
import type { Db } from '../db/database.js';
import type { DnsDeliveryPayload } from './dns-delivery.js';
import { readOutboxTargets, type OutboxTargets } from '../outbox/outbox-target-repository.js';
import { subnetDns, type SubnetDns } from './dns-settings-in-force.js';

/** The outbox kind of DNS record changes. */
export const DNS_KIND = 'dns';

/** What the producer reads of a change's audit entries (the outbox's ChangeOccurrences fits). */
export interface DnsChangeAudits {
  audits: readonly { entity: string; before?: unknown; after?: unknown; subnetId?: string | undefined }[];
}

/** An outbox item of DNS changes (the outbox's OutboxItemInput fits). */
export interface DnsOutboxItem {
  kind: typeof DNS_KIND;
  /** The provider and the address (`<providerId>/<ip>`): one address's items are sent strictly in order. */
  targetId: string;
  label: string;
  payload: DnsDeliveryPayload;
}

function addressState(view: unknown): DnsAddressState | null {
  if (typeof view !== 'object' || view === null) return null;
  if (!('ipAddress' in view) || !('hostname' in view)) return null;
  const { ipAddress, hostname } = view;
  return typeof ipAddress === 'string' && typeof hostname === 'string' ? { ip: ipAddress, hostname } : null;
}

/**
 * The outbox producer of DNS sync: for each address a change wrote whose subnet has DNS settings (its
 * own or a group's), the record changes its before and after states need, one item per provider and
 * address. Items of one address go strictly in order; different addresses go side by side, which is
 * safe because a removal only takes a record that still holds the old value (a hostname moved between
 * two addresses ends with the new holder whichever item lands first). A change of an account without
 * DNS settings costs one indexed query (`targets`, shared with the other producers).
 */
export async function dnsItemsOf(
  trx: Db,
  accountId: string,
  occurrences: DnsChangeAudits,
  targets: () => Promise<Pick<OutboxTargets, 'hasDnsSettings'>> = () => readOutboxTargets(trx, accountId),
): Promise<DnsOutboxItem[]> {
  const addressAudits = occurrences.audits.filter(
    (audit) => audit.entity === 'address' && audit.subnetId !== undefined,
  );
  if (addressAudits.length === 0 || !(await targets()).hasDnsSettings) return [];
  const settingsOf = new Map<string, SubnetDns | null>();
  const byTarget = new Map<string, { providerId: string; ip: string; operations: DnsOperation[] }>();
  for (const audit of addressAudits) {
    const subnetId = audit.subnetId ?? '';
    if (!settingsOf.has(subnetId)) settingsOf.set(subnetId, await subnetDns(trx, accountId, subnetId));
    const dns = settingsOf.get(subnetId);
    if (!dns) continue;
    const zones = { forwardZone: dns.forwardZone, reverseZone: dns.reverseZone };
    const before = addressState(audit.before);
    const after = addressState(audit.after);
    const operations = dnsChangesFor(before, after, zones);
    const ip = after?.ip ?? before?.ip;
    if (operations.length === 0 || ip === undefined) continue;
    const targetId = `${dns.provider.id}/${ip}`;
    const target = byTarget.get(targetId) ?? { providerId: dns.provider.id, ip, operations: [] };
    target.operations.push(...operations);
    byTarget.set(targetId, target);
  }
  return [...byTarget].map(([targetId, { providerId, ip, operations }]) => ({
    kind: DNS_KIND,
    targetId,
    label: `DNS ${ip}`,
    payload: { providerId, operations },
  }));
}
