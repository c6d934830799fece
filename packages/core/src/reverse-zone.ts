import { ADDRESS_BITS, type IpVersion, type Prefix } from './prefix.js';

/** The labels of an address in its reverse tree, least significant first (octets for IPv4, nibbles for IPv6). */
function reverseLabels(version: IpVersion, value: bigint): string[] {
  const step = version === 4 ? 8n : 4n;
  const count = ADDRESS_BITS[version] / Number(step);
  const mask = (1n << step) - 1n;
  const labels: string[] = [];
  for (let i = 0n; i < BigInt(count); i++) {
    const part = (value >> (i * step)) & mask;
    labels.push(version === 4 ? part.toString(10) : part.toString(16));
  }
  return labels;
}

function suffix(version: IpVersion): string {
  return version === 4 ? 'in-addr.arpa' : 'ip6.arpa';
}

/** The PTR owner name of an address, e.g. `4.3.2.10.in-addr.arpa` for 10.2.3.4 (no trailing dot). */
export function reverseName(version: IpVersion, value: bigint): string {
  return [...reverseLabels(version, value), suffix(version)].join('.');
}

/**
 * The reverse zone a subnet's PTR records belong to: the prefix rounded down to an octet (IPv4) or
 * nibble (IPv6) boundary, so 10.2.3.0/24 → `3.2.10.in-addr.arpa`, 10.2.3.64/26 → the same /24 zone,
 * 10.16.0.0/12 → `10.in-addr.arpa`, 2001:db8::/32 → `8.b.d.0.1.0.0.2.ip6.arpa`. A /0 gives the bare suffix.
 */
export function reverseZoneOf(prefix: Prefix): string {
  const step = prefix.version === 4 ? 8 : 4;
  const kept = Math.floor(prefix.length / step);
  const labels = reverseLabels(prefix.version, prefix.network);
  const zoneLabels = labels.slice(labels.length - kept);
  return [...zoneLabels, suffix(prefix.version)].join('.');
}

/** Lower-cased, without a trailing dot: how names are compared and stored. */
export function canonicalDnsName(name: string): string {
  return name.trim().replace(/\.$/, '').toLowerCase();
}

/** Whether `name` is `zone` itself or inside it. */
export function isInZone(name: string, zone: string): boolean {
  const n = canonicalDnsName(name);
  const z = canonicalDnsName(zone);
  return z === '' || n === z || n.endsWith(`.${z}`);
}

/** The fully qualified name of a hostname in a forward zone: kept if already inside it, else the zone appended. */
export function forwardName(hostname: string, zone: string): string {
  const host = canonicalDnsName(hostname);
  const z = canonicalDnsName(zone);
  return isInZone(host, z) ? host : `${host}.${z}`;
}

/** The address a PTR owner name stands for (the inverse of `reverseName`), or null for any other name. */
export function addressOfReverseName(name: string): { version: IpVersion; value: bigint } | null {
  const labels = canonicalDnsName(name).split('.');
  const tail = labels.slice(-2).join('.');
  const parts = labels.slice(0, -2).reverse();
  if (
    tail === 'in-addr.arpa' &&
    parts.length === 4 &&
    parts.every((p) => /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(p))
  ) {
    return { version: 4, value: parts.reduce((acc, p) => (acc << 8n) | BigInt(p), 0n) };
  }
  if (tail === 'ip6.arpa' && parts.length === 32 && parts.every((p) => /^[0-9a-f]$/.test(p))) {
    return { version: 6, value: BigInt(`0x${parts.join('')}`) };
  }
  return null;
}
