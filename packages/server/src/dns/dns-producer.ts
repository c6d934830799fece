import { dnsChangesFor, type DnsAddressState, type DnsOperation } from '@ipam/core/dns-changes';
import type { Db } from '../db/database.js';
import type { DnsDeliveryPayload } from './dns-delivery.js';
import { accountHasDnsSettings } from './dns-settings-repository.js';
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
  /** The provider: its items are sent strictly in order. */
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
 * own or a group's), the record changes its before and after states need, one item per provider in
 * the order of the change. A change of an account without DNS settings costs one indexed query.
 */
export async function dnsItemsOf(
  trx: Db,
  accountId: string,
  occurrences: DnsChangeAudits,
): Promise<DnsOutboxItem[]> {
  const addressAudits = occurrences.audits.filter(
    (audit) => audit.entity === 'address' && audit.subnetId !== undefined,
  );
  if (addressAudits.length === 0 || !(await accountHasDnsSettings(trx, accountId))) return [];
  const settingsOf = new Map<string, SubnetDns | null>();
  const byProvider = new Map<string, DnsOperation[]>();
  for (const audit of addressAudits) {
    const subnetId = audit.subnetId ?? '';
    if (!settingsOf.has(subnetId)) settingsOf.set(subnetId, await subnetDns(trx, accountId, subnetId));
    const dns = settingsOf.get(subnetId);
    if (!dns) continue;
    const zones = { forwardZone: dns.forwardZone, reverseZone: dns.reverseZone };
    const operations = dnsChangesFor(addressState(audit.before), addressState(audit.after), zones);
    if (operations.length === 0) continue;
    const list = byProvider.get(dns.provider.id) ?? [];
    list.push(...operations);
    byProvider.set(dns.provider.id, list);
  }
  return [...byProvider].map(([providerId, operations]) => ({
    kind: DNS_KIND,
    targetId: providerId,
    label: `${operations.length} DNS record change(s)`,
    payload: { providerId, operations },
  }));
}
