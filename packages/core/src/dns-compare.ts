import type { DnsDifference } from './api/dns.js';
import type { DnsOperation } from './dns-changes.js';
import { formatAddress, parseAddress } from './ip-address.js';
import { canonicalDnsName } from './reverse-zone.js';

/** A record as read from DNS or expected by the IPAM (no action). */
export type DnsRecordIn = Omit<DnsOperation, 'action'>;

/** One side's value in comparable form: addresses canonical, names lower-case without the dot. */
function comparable(record: DnsRecordIn): string {
  if (record.type === 'PTR') return canonicalDnsName(record.value);
  const parsed = parseAddress(record.value);
  return parsed ? formatAddress(parsed.version, parsed.value) : record.value;
}

function keyOf(
  kind: DnsDifference['kind'],
  record: DnsRecordIn,
  ipamValue: string | null,
  dnsValue: string | null,
): string {
  return [kind, record.type, record.name, ipamValue ?? '', dnsValue ?? ''].join('|');
}

/**
 * Compares what the IPAM expects with what DNS holds. `dns` is every record read from the zones;
 * `isInScope` tells which DNS records belong to what was compared (an A pointing into the subnet, a
 * PTR of one of its addresses), so records of other subnets in the same zone are not called extra.
 * Missing: expected, no record of that name and type. Different: the name holds another value.
 * Extra: in scope, and no expected record of that name and type.
 */
export function compareDnsRecords(
  expected: readonly DnsRecordIn[],
  dns: readonly DnsRecordIn[],
  isInScope: (record: DnsRecordIn) => boolean,
): DnsDifference[] {
  const differences: DnsDifference[] = [];
  const sameSet = (a: DnsRecordIn, b: DnsRecordIn) => a.type === b.type && a.name === b.name;
  for (const want of expected) {
    const held = dns.filter((record) => sameSet(record, want));
    if (held.some((record) => comparable(record) === comparable(want))) continue;
    const [other] = held;
    const kind = other ? 'different' : 'missing';
    const dnsValue = other ? comparable(other) : null;
    const ipamValue = comparable(want);
    differences.push({
      key: keyOf(kind, want, ipamValue, dnsValue),
      kind,
      zone: want.zone,
      type: want.type,
      name: want.name,
      ipamValue,
      dnsValue,
    });
  }
  for (const record of dns) {
    if (!isInScope(record) || expected.some((want) => sameSet(want, record))) continue;
    const dnsValue = comparable(record);
    differences.push({
      key: keyOf('extra', record, null, dnsValue),
      kind: 'extra',
      zone: record.zone,
      type: record.type,
      name: record.name,
      ipamValue: null,
      dnsValue,
    });
  }
  return differences;
}
