import { snmpTargetLabel, type SnmpTarget } from '@ipam/core/schemas/snmp-schemas';
import type { Sighting, SightingSource } from '../scan/sightings.js';
import {
  IP_NET_TO_MEDIA_ENTRY,
  IP_NET_TO_PHYSICAL_ENTRY,
  MEDIA_COLUMNS,
  mediaTableSightings,
  PHYSICAL_COLUMNS,
  physicalTableSightings,
} from './neighbour-rows.js';
import { openReader, type SnmpReader } from './snmp-session.js';

/** A read table is reused this long: a round of many subnets walks each router once, not once a subnet. */
export const SNMP_TABLE_REUSE_MS = 60_000;
/** Longest one read of a target may take, all walks together. */
export const SNMP_READ_DEADLINE_MS = 120_000;

export interface SnmpSourceOptions {
  readonly reuseMs?: number;
  readonly deadlineMs?: number;
  readonly now?: () => number;
}

/** Which table answered, for tests and the log. */
export interface NeighbourTable {
  readonly table: 'ipNetToPhysicalTable' | 'ipNetToMediaTable';
  readonly sightings: Sighting[];
}

/**
 * Reads a target's neighbour table: ipNetToPhysicalTable (IPv4 and IPv6), or, when the agent has
 * none of it, ipNetToMediaTable (IPv4). Throws SnmpReadError with the reason.
 */
export async function readNeighbourTable(
  target: SnmpTarget,
  deadlineMs = SNMP_READ_DEADLINE_MS,
): Promise<NeighbourTable> {
  const reader: SnmpReader = await openReader(target, deadlineMs);
  try {
    const column = (entry: string, number: number) => reader.walkColumn(`${entry}.${number}`);
    const physAddress = await column(IP_NET_TO_PHYSICAL_ENTRY, PHYSICAL_COLUMNS.physAddress);
    if (physAddress.size > 0) {
      const type = await column(IP_NET_TO_PHYSICAL_ENTRY, PHYSICAL_COLUMNS.type);
      const state = await column(IP_NET_TO_PHYSICAL_ENTRY, PHYSICAL_COLUMNS.state);
      return {
        table: 'ipNetToPhysicalTable',
        sightings: physicalTableSightings({ physAddress, type, state }),
      };
    }
    const mediaAddress = await column(IP_NET_TO_MEDIA_ENTRY, MEDIA_COLUMNS.physAddress);
    const mediaType =
      mediaAddress.size > 0 ? await column(IP_NET_TO_MEDIA_ENTRY, MEDIA_COLUMNS.type) : new Map();
    return {
      table: 'ipNetToMediaTable',
      sightings: mediaTableSightings({ physAddress: mediaAddress, type: mediaType }),
    };
  } finally {
    reader.close();
  }
}

/**
 * A router or switch whose neighbour table vouches for hosts. Every job asks for the sightings; the
 * table is walked at most once per `reuseMs` (jobs of one round share a walk), and a failed walk is
 * not reused: the next job tries again.
 */
export function snmpSource(target: SnmpTarget, options: SnmpSourceOptions = {}): SightingSource {
  const reuseMs = options.reuseMs ?? SNMP_TABLE_REUSE_MS;
  const now = options.now ?? Date.now;
  let last: { at: number; reading: Promise<Sighting[]> } | null = null;
  const label =
    target.version === '3' ? `${snmpTargetLabel(target)} user ${target.user}` : snmpTargetLabel(target);
  return {
    name: `snmp ${label}`,
    read() {
      if (last !== null && now() - last.at < reuseMs) return last.reading;
      const reading = readNeighbourTable(target, options.deadlineMs).then((table) => table.sightings);
      const entry = { at: now(), reading };
      last = entry;
      reading.catch(() => {
        if (last === entry) last = null;
      });
      return reading;
    },
  };
}
