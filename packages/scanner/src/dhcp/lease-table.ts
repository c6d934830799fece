import { canonicalMac } from '@ipam/core/schemas/mac-address';
import { hostnameProblem, normalizeHostname } from '@ipam/core/hostname';
import { isListedAddress } from '@ipam/core/address-listing';
import { formatAddress, parseAddress } from '@ipam/core/ip-address';
import type { Prefix } from '@ipam/core/prefix';
import type { Sighting } from '../scan/sightings.js';

/** One lease as a DHCP server last wrote it, reduced to what a sighting needs. */
export interface LeaseEntry {
  /** The address as the server wrote it. */
  readonly address: string;
  readonly mac: string | null;
  readonly hostname: string | null;
  /** Milliseconds since the epoch; Infinity for a lease that never ends. */
  readonly expiresAt: number;
  /** The server holds the lease for its client (Kea state 0, dhcpd `binding state active`). */
  readonly isBound: boolean;
}

/** A MAC a sighting can carry: canonical, and not all zeros (a placeholder, not a host's). */
export function leaseMac(text: string | null | undefined): string | null {
  const mac = canonicalMac(text ?? '');
  return mac === null || mac === '00:00:00:00:00:00' ? null : mac;
}

/** A client's name a sighting can carry: without a trailing dot, or null when it is no hostname. */
export function leaseHostname(text: string | null | undefined): string | null {
  const name = normalizeHostname(text ?? '');
  return name !== '' && hostnameProblem(name) === null ? name : null;
}

/**
 * The leases of one read, keyed by address: a later entry for an address replaces the earlier one (the
 * files are append-only: the last record is the lease's state now). Only addresses inside the job's
 * prefix are kept, and only as long as they are active, so memory grows with the subnet's active leases,
 * not with the file.
 */
export class LeaseTable {
  private readonly active = new Map<string, Sighting>();

  constructor(
    private readonly prefix: Prefix,
    private readonly now: number,
  ) {}

  /** Records the latest state of a lease (an inactive one forgets what an earlier record said). */
  record(entry: LeaseEntry): void {
    const parsed = parseAddress(entry.address.trim());
    if (parsed === null || parsed.zone !== null || parsed.version !== this.prefix.version) return;
    if (!isListedAddress(this.prefix, parsed.value)) return;
    const address = formatAddress(parsed.version, parsed.value);
    if (!entry.isBound || entry.expiresAt <= this.now) {
      this.active.delete(address);
      return;
    }
    this.active.set(address, {
      address,
      mac: leaseMac(entry.mac),
      hostname: leaseHostname(entry.hostname),
      method: 'dhcp',
    });
  }

  /** The active leases inside the prefix, as sightings. */
  sightings(): Sighting[] {
    return [...this.active.values()];
  }
}
