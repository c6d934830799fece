import { parseAddress } from './ip-address.js';
import { canonicalDnsName, isInZone, reverseName } from './reverse-zone.js';

/** An address as DNS sync sees it: its text and hostname (empty: none). */
export interface DnsAddressState {
  ip: string;
  hostname: string;
}

/** The zones an address's records go to. */
export interface DnsZones {
  forwardZone: string;
  reverseZone: string;
}

/** One record change: `upsert` makes the set hold exactly the value; `remove` deletes it while it holds the value. */
export interface DnsOperation {
  action: 'upsert' | 'remove';
  zone: string;
  type: 'A' | 'AAAA' | 'PTR';
  name: string;
  value: string;
}

/**
 * The records an address with a hostname stands for: A/AAAA in the forward zone and the PTR in the
 * reverse zone. A bare host name is placed in the forward zone; a full name inside it is kept; a full
 * name outside it gets only its PTR (its forward zone is not ours). A PTR outside the reverse zone is left out.
 */
export function dnsRecordsOf(state: DnsAddressState | null, zones: DnsZones): Omit<DnsOperation, 'action'>[] {
  if (state === null) return [];
  const host = canonicalDnsName(state.hostname);
  const address = parseAddress(state.ip);
  if (host === '' || address === null) return [];
  const forwardZone = canonicalDnsName(zones.forwardZone);
  const name = host.includes('.') ? host : `${host}.${forwardZone}`;
  const records: Omit<DnsOperation, 'action'>[] = [];
  if (isInZone(name, forwardZone)) {
    records.push({ zone: forwardZone, type: address.version === 4 ? 'A' : 'AAAA', name, value: state.ip });
  }
  const ptrName = reverseName(address.version, address.value);
  if (isInZone(ptrName, zones.reverseZone)) {
    records.push({ zone: canonicalDnsName(zones.reverseZone), type: 'PTR', name: ptrName, value: name });
  }
  return records;
}

function sameRecord(a: Omit<DnsOperation, 'action'>, b: Omit<DnsOperation, 'action'>): boolean {
  return a.zone === b.zone && a.type === b.type && a.name === b.name && a.value === b.value;
}

/**
 * What DNS must do for one address change (created, renamed, deleted, moved to another hostname):
 * records the old state had and the new one has not are removed, then the new state's records are
 * written. Removals only take records still holding the old value, so a hostname that moved to
 * another address in the same or a later change is never taken from its new owner.
 */
export function dnsChangesFor(
  before: DnsAddressState | null,
  after: DnsAddressState | null,
  zones: DnsZones,
): DnsOperation[] {
  const old = dnsRecordsOf(before, zones);
  const next = dnsRecordsOf(after, zones);
  const removals = old.filter((record) => !next.some((n) => sameRecord(n, record)));
  const writes = next.filter((record) => !old.some((o) => sameRecord(o, record)));
  return [
    ...removals.map((record) => ({ action: 'remove' as const, ...record })),
    ...writes.map((record) => ({ action: 'upsert' as const, ...record })),
  ];
}
