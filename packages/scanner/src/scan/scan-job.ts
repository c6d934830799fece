import type { ScanJob } from '@ipam/core/api/scanner';
import type { Prefix } from '@ipam/core/prefix';
import {
  MAX_SCAN_HOSTS_PER_BATCH,
  scanResultsSchema,
  type ScanHost,
  type ScanResultsInput,
} from '@ipam/core/schemas/scanner-schemas';
import pMap from 'p-map';
import { chunks } from '../chunks.js';
import type { Neighbour } from '../probe/neighbours.js';
import type { ProbeOutcome, Prober } from '../probe/prober.js';
import type { ReverseLookup } from '../probe/reverse-dns.js';
import { planJob, targetsInside, type JobPlan, type ProbeTarget } from './job-targets.js';
import { readSightings, type Sighting, type SightingSource } from './sightings.js';

/** What a scan uses to find hosts, names and hardware addresses. */
export interface ScanMeans {
  readonly prober: Prober;
  readonly readNeighbours: () => Promise<Neighbour[]>;
  /** Reverse DNS for live hosts; null skips names. */
  readonly reverseLookup: ReverseLookup | null;
  /** Link-local discovery for a subnet too large to sweep (the ff02::1 echo); null skips it. */
  readonly discover: ((prefix: Prefix) => Promise<string[]>) | null;
  /** Hosts other systems vouch for (SNMP neighbour tables, DHCP leases), read once a job. */
  readonly sightingSources?: readonly SightingSource[];
}

export interface ScanOptions {
  readonly batchSize?: number;
  /** Told once the targets are known, before the first probe. */
  readonly onPlanned?: (coverage: JobPlan['coverage'], targetCount: number) => void;
  readonly dnsConcurrency?: number;
  readonly now?: () => Date;
  /**
   * Told when a sighting source fails. The scan goes on without it, reporting only the hosts it found
   * alive: a host that source alone vouched for must not look gone (auto scanning would free it).
   */
  readonly onSourceError?: (source: SightingSource, error: unknown) => void;
}

/** The addresses a job probes: its sweep, or the known ones plus what the network reveals. */
export async function jobTargets(
  job: ScanJob,
  plan: JobPlan,
  means: ScanMeans,
  sighted: Iterable<string> = [],
): Promise<ProbeTarget[]> {
  if (plan.coverage === 'sweep') return plan.targets;
  const neighbours = (await means.readNeighbours()).map((neighbour) => neighbour.address);
  const discovered = means.discover === null ? [] : await means.discover(plan.prefix);
  return targetsInside(plan.prefix, [...job.knownAddresses, ...neighbours, ...discovered, ...sighted]);
}

/**
 * One host as reported: the probe's answer, corrected and completed by the agent's neighbour table, then
 * by what another system vouches for (a router's neighbour table, a DHCP lease).
 */
function reportHost(
  target: ProbeTarget,
  probe: ProbeOutcome | undefined,
  neighbour: Neighbour | undefined,
  sighting: Sighting | undefined,
): ScanHost {
  const alive = probe?.alive === true;
  let host: ScanHost;
  if (!alive && neighbour?.isFresh === true) {
    // It answered ARP/NDP just now though not the probe: it is there.
    host = { ipAddress: target.text, alive: true, method: 'neighbour', mac: neighbour.mac ?? undefined };
  } else {
    host = { ipAddress: target.text, alive, method: probe?.method ?? 'none' };
    if (alive && neighbour?.mac) host.mac = neighbour.mac;
  }
  if (sighting === undefined) return host;
  // A host that drops probes but sits in a router's table or holds a lease is there all the same.
  if (!host.alive) host = { ipAddress: target.text, alive: true, method: sighting.method };
  host.mac ??= sighting.mac ?? undefined;
  if (sighting.hostname !== null) host.hostname = sighting.hostname;
  return host;
}

/**
 * Scans a job batch by batch: each batch of targets is probed, completed with MACs and names, and
 * yielded as a results body (checked by core's schema); only the last one says done.
 */
export async function* scanJob(
  job: ScanJob,
  means: ScanMeans,
  options: ScanOptions = {},
): AsyncGenerator<ScanResultsInput, void, undefined> {
  const now = options.now ?? (() => new Date());
  const startedAt = now().toISOString();
  const plan = planJob(job);
  let isAbsenceKnown = true;
  const sightings = await readSightings(means.sightingSources ?? [], plan.prefix, (source, error) => {
    isAbsenceKnown = false;
    options.onSourceError?.(source, error);
  });
  const targets = await jobTargets(job, plan, means, sightings.keys());
  options.onPlanned?.(plan.coverage, targets.length);
  const parts = chunks(targets, options.batchSize ?? MAX_SCAN_HOSTS_PER_BATCH);
  const header = { subnetId: job.subnetId, startedAt, coverage: plan.coverage };
  for (const [index, part] of parts.entries()) {
    const outcomes = await means.prober.probe(part);
    const neighbours = new Map((await means.readNeighbours()).map((entry) => [entry.address, entry]));
    const reported = part.map((target) =>
      reportHost(target, outcomes.get(target.text), neighbours.get(target.text), sightings.get(target.text)),
    );
    const hosts = isAbsenceKnown ? reported : reported.filter((host) => host.alive);
    const lookup = means.reverseLookup;
    if (lookup !== null) {
      await pMap(
        hosts,
        async (host) => {
          if (!host.alive) return;
          const hostname = await lookup(host.ipAddress);
          if (hostname !== null) host.hostname = hostname;
        },
        { concurrency: options.dnsConcurrency ?? 16 },
      );
    }
    // Checked by core's schema before it is sent: a body the server would refuse throws here.
    const isLast = index === parts.length - 1;
    yield scanResultsSchema.parse({ ...header, finishedAt: now().toISOString(), done: isLast, hosts });
  }
}
