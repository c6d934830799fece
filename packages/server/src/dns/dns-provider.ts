/** The record types the IPAM keeps in DNS. */
export type DnsRecordType = 'A' | 'AAAA' | 'PTR';

/** One record: a lower-case fully qualified owner name without the trailing dot, its type and its value. */
export interface DnsRecord {
  name: string;
  type: DnsRecordType;
  /** An address for A/AAAA, a host name (no trailing dot) for PTR. */
  value: string;
}

/**
 * What the IPAM needs of a DNS server. Every operation is idempotent, so a delivery retried after a
 * failure half-way is harmless.
 */
export interface DnsProvider {
  /** Makes `name` hold exactly `value` for `type` (replacing what the set held). */
  upsert(zone: string, record: DnsRecord): Promise<void>;
  /** Removes the `type` set at `name` only while it still holds `value`; nothing when absent or moved on. */
  remove(zone: string, record: DnsRecord): Promise<void>;
  /** Every A, AAAA and PTR record of the zone. */
  list(zone: string): Promise<DnsRecord[]>;
}

/** The TTL given to records the IPAM writes. */
export const RECORD_TTL = 300;

/** A DNS server's answer that means the change was not made. */
export class DnsProviderError extends Error {
  /** The HTTP status of the server's answer, for an API provider that answered. */
  readonly status: number | null;

  constructor(message: string, status: number | null = null) {
    super(message);
    this.name = 'DnsProviderError';
    this.status = status;
  }
}

/** Lower-case, no trailing dot. */
export function plainName(name: string): string {
  return name.replace(/\.$/, '').toLowerCase();
}
