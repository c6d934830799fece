import { formatIPv6, parseIPv6 } from '@ipam/core/ipv6';

/**
 * Who holds a stream, for the per-address cap and for shedding: the client's IPv4 address, or the /64
 * of its IPv6 address (one site's network: a client can pick any address of it). An IPv4-mapped IPv6
 * address is its IPv4 address; anything unparsable is taken as it is.
 */
export function streamHolderOf(ip: string): string {
  const parsed = ip.includes(':') ? parseIPv6(ip) : null;
  if (!parsed) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  return `${formatIPv6((parsed.value >> 64n) << 64n)}/64`;
}
