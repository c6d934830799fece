import type { Prefix } from '@ipam/core/prefix';
import type { ProbeMethod } from '@ipam/core/schemas/scanner-schemas';
import { targetsInside } from './job-targets.js';

/**
 * A host another system vouches for, seen without probing it: an entry of a router's neighbour table
 * read over SNMP, or an active DHCP lease. It becomes the same observation a probe makes (issue 33).
 */
export interface Sighting {
  /** The address as the source wrote it; `readSightings` keeps only those inside the job's subnet. */
  readonly address: string;
  /** Canonical lower-case `aa:bb:cc:dd:ee:ff`, or null when the source gave none. */
  readonly mac: string | null;
  /** A name the source gave (a DHCP client's host name); reverse DNS, when it answers, wins over it. */
  readonly hostname: string | null;
  readonly method: Extract<ProbeMethod, 'snmp' | 'dhcp'>;
}

/** Where sightings come from; read once a job, before the first probe. */
export interface SightingSource {
  /** Names the source in the agent's log (e.g. "snmp 192.0.2.1", "kea /var/lib/kea/kea-leases4.csv"). */
  readonly name: string;
  read(prefix: Prefix): Promise<Sighting[]>;
}

/**
 * Every source's sightings inside `prefix`, by canonical address. A source that fails is told to
 * `onError` and skipped: one unreachable router must not stop the sweep. When two sources name one
 * address, the first source's sighting is kept and a MAC or name it lacks is taken from the later one.
 */
export async function readSightings(
  sources: readonly SightingSource[],
  prefix: Prefix,
  onError: (source: SightingSource, error: unknown) => void,
): Promise<Map<string, Sighting>> {
  const found = new Map<string, Sighting>();
  for (const source of sources) {
    let sightings: Sighting[];
    try {
      sightings = await source.read(prefix);
    } catch (error) {
      onError(source, error);
      continue;
    }
    for (const sighting of sightings) {
      const [target] = targetsInside(prefix, [sighting.address]);
      if (target === undefined) continue;
      const before = found.get(target.text);
      found.set(
        target.text,
        before === undefined
          ? { ...sighting, address: target.text }
          : { ...before, mac: before.mac ?? sighting.mac, hostname: before.hostname ?? sighting.hostname },
      );
    }
  }
  return found;
}
