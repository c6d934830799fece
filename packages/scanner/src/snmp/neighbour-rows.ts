import { formatAddress } from '@ipam/core/ip-address';
import type { IpVersion } from '@ipam/core/prefix';
import type { Sighting } from '../scan/sightings.js';

/**
 * Rows of a router's neighbour tables, as walked over SNMP, turned into sightings.
 *
 * IP-MIB (RFC 4293) `ipNetToPhysicalTable` holds IPv4 ARP and IPv6 neighbour entries, indexed by
 * ifIndex.addressType.length.address; the older `ipNetToMediaTable` (RFC 1213) holds IPv4 only,
 * indexed by ifIndex.a.b.c.d. A column is walked into a map from the row's index (the OID after
 * the column) to its value.
 */

export const IP_NET_TO_PHYSICAL_ENTRY = '1.3.6.1.2.1.4.35.1';
export const IP_NET_TO_MEDIA_ENTRY = '1.3.6.1.2.1.4.22.1';

/** Columns read: the hardware address and the entry's type, and for the newer table its state. */
export const PHYSICAL_COLUMNS = { physAddress: 4, type: 6, state: 7 } as const;
export const MEDIA_COLUMNS = { physAddress: 2, type: 4 } as const;

/** A walked column: value by row index. */
export type Column = ReadonlyMap<string, unknown>;

/** ipNetToPhysicalType / ipNetToMediaType: invalid(2) marks an entry being removed. */
const TYPE_INVALID = 2;
/** ipNetToPhysicalState: invalid(5) and incomplete(7) name no host that answered. */
const DEAD_STATES = new Set([5, 7]);

/** InetAddressType → the address family and how many bytes of the index are the address. */
const ADDRESS_TYPES: Record<number, { version: IpVersion; bytes: number; indexBytes: number }> = {
  1: { version: 4, bytes: 4, indexBytes: 4 }, // ipv4
  2: { version: 6, bytes: 16, indexBytes: 16 }, // ipv6
  3: { version: 4, bytes: 4, indexBytes: 8 }, // ipv4z: address, then a 4-byte zone index
  4: { version: 6, bytes: 16, indexBytes: 20 }, // ipv6z
};

function bytesToAddress(version: IpVersion, bytes: readonly number[]): string | null {
  if (bytes.some((byte) => !Number.isInteger(byte) || byte < 0 || byte > 255)) return null;
  const value = bytes.reduce((total, byte) => (total << 8n) | BigInt(byte), 0n);
  return formatAddress(version, value);
}

/** The address an ipNetToPhysicalTable index names: ifIndex.type.length.bytes (RFC 4293, not IMPLIED). */
export function physicalIndexAddress(index: string): string | null {
  const parts = index.split('.').map(Number);
  const [, addressType, length, ...bytes] = parts;
  const type = ADDRESS_TYPES[addressType ?? -1];
  if (type === undefined || length !== type.indexBytes || bytes.length !== type.indexBytes) return null;
  return bytesToAddress(type.version, bytes.slice(0, type.bytes));
}

/** The address an ipNetToMediaTable index names. */
export function mediaIndexAddress(index: string): string | null {
  const parts = index.split('.').map(Number);
  return parts.length === 5 ? bytesToAddress(4, parts.slice(1)) : null;
}

export type MacReading = { readonly kind: 'mac'; readonly mac: string | null } | { readonly kind: 'none' };

/**
 * A PhysAddress value: six bytes are a MAC (canonical `aa:bb:…`); empty or all zeros is no answer
 * (an incomplete entry); a group address (broadcast, multicast) is no host; other lengths (an
 * InfiniBand or EUI-64 address) name a host whose MAC we cannot record.
 */
export function readPhysAddress(value: unknown): MacReading {
  if (!Buffer.isBuffer(value) || value.length === 0 || value.every((byte) => byte === 0)) {
    return { kind: 'none' };
  }
  if (((value[0] ?? 0) & 1) === 1) return { kind: 'none' };
  if (value.length !== 6) return { kind: 'mac', mac: null };
  return { kind: 'mac', mac: [...value].map((byte) => byte.toString(16).padStart(2, '0')).join(':') };
}

function sightingsOf(
  physAddress: Column,
  addressOf: (index: string) => string | null,
  isLive: (index: string) => boolean,
): Sighting[] {
  const found = new Map<string, Sighting>();
  for (const [index, value] of physAddress) {
    const address = addressOf(index);
    const reading = readPhysAddress(value);
    if (address === null || reading.kind === 'none' || !isLive(index)) continue;
    // The same address on two interfaces: keep one, with a MAC when either has it.
    const before = found.get(address);
    if (before !== undefined && before.mac !== null) continue;
    found.set(address, { address, mac: reading.mac, hostname: null, method: 'snmp' });
  }
  return [...found.values()];
}

/** Live entries of ipNetToPhysicalTable; a missing type or state column does not drop an entry. */
export function physicalTableSightings(columns: {
  readonly physAddress: Column;
  readonly type: Column;
  readonly state: Column;
}): Sighting[] {
  return sightingsOf(columns.physAddress, physicalIndexAddress, (index) => {
    const state = columns.state.get(index);
    return columns.type.get(index) !== TYPE_INVALID && !(typeof state === 'number' && DEAD_STATES.has(state));
  });
}

/** Live entries of ipNetToMediaTable (IPv4 only). */
export function mediaTableSightings(columns: {
  readonly physAddress: Column;
  readonly type: Column;
}): Sighting[] {
  return sightingsOf(
    columns.physAddress,
    mediaIndexAddress,
    (index) => columns.type.get(index) !== TYPE_INVALID,
  );
}
