import { isListedAddress, listedAddresses } from '@ipam/core/address-listing';
import { formatAddress, parseAddress } from '@ipam/core/ip-address';
import { ADDRESS_BITS, prefixOf, type IpVersion, type Prefix } from '@ipam/core/prefix';
import type { ScanJob } from '@ipam/core/api/scanner';
import type { ScanCoverage } from '@ipam/core/schemas/scanner-schemas';

/** Most addresses one job sweeps: a /16 of IPv4 (65,534 hosts) or a /112 of IPv6. */
export const MAX_SWEEP_ADDRESSES = 65_536;

/** An address to probe: parsed, and its canonical text (the only text handed to a probe program). */
export interface ProbeTarget {
  readonly version: IpVersion;
  readonly value: bigint;
  readonly text: string;
}

/** What a job covers: every listed address, or (too large to sweep) the known and discovered ones. */
export type JobPlan =
  | {
      readonly coverage: Extract<ScanCoverage, 'sweep'>;
      readonly prefix: Prefix;
      readonly targets: ProbeTarget[];
    }
  | {
      readonly coverage: Extract<ScanCoverage, 'known'>;
      readonly prefix: Prefix;
      readonly listedCount: bigint;
    };

/** A job the agent cannot scan (its subnet does not parse); the agent logs it and goes on. */
export class BadJobError extends Error {
  readonly code = 'bad_job';
}

/** A probe target from address text, or null when the text is not an address. */
export function toTarget(text: string): ProbeTarget | null {
  const parsed = parseAddress(text.trim());
  if (parsed === null) return null;
  return { version: parsed.version, value: parsed.value, text: formatAddress(parsed.version, parsed.value) };
}

/** The job's subnet as a prefix; throws BadJobError when the server sent something we cannot read. */
export function jobPrefix(job: Pick<ScanJob, 'networkIP' | 'prefixLength' | 'version'>): Prefix {
  const network = parseAddress(job.networkIP);
  const bits = ADDRESS_BITS[job.version];
  if (network === null || network.version !== job.version || network.zone !== null) {
    throw new BadJobError(`network ${JSON.stringify(job.networkIP)} is not an IPv${job.version} address`);
  }
  if (!Number.isInteger(job.prefixLength) || job.prefixLength < 0 || job.prefixLength > bits) {
    throw new BadJobError(`prefix length ${job.prefixLength} is outside 0–${bits}`);
  }
  return prefixOf(job.version, network.value, job.prefixLength);
}

/** Sweeps a subnet of at most MAX_SWEEP_ADDRESSES listed addresses; a larger one is probed as `known`. */
export function planJob(job: Pick<ScanJob, 'networkIP' | 'prefixLength' | 'version'>): JobPlan {
  const prefix = jobPrefix(job);
  const listed = listedAddresses(prefix);
  if (listed.count > BigInt(MAX_SWEEP_ADDRESSES)) {
    return { coverage: 'known', prefix, listedCount: listed.count };
  }
  const targets: ProbeTarget[] = [];
  for (let value = listed.first; value <= listed.last; value++) {
    targets.push({ version: prefix.version, value, text: formatAddress(prefix.version, value) });
  }
  return { coverage: 'sweep', prefix, targets };
}

/**
 * The listed addresses of `prefix` among candidate texts (known addresses, neighbour entries, echo
 * replies): parsed, zone dropped, outside ones left out, duplicates removed, in address order.
 */
export function targetsInside(prefix: Prefix, candidates: Iterable<string>): ProbeTarget[] {
  const found = new Map<bigint, ProbeTarget>();
  for (const text of candidates) {
    const target = toTarget(text.split('%')[0] ?? '');
    if (target === null || target.version !== prefix.version) continue;
    if (isListedAddress(prefix, target.value)) found.set(target.value, target);
  }
  return [...found.values()].sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}
