import type { ScanJob, ScanJobs } from '@ipam/core/api/scanner';
import { listedAddresses } from '@ipam/core/address-listing';
import { prefixOf } from '@ipam/core/prefix';
import type { Db } from '../db/database.js';
import { leaseSubnets, scanCandidates, writtenAddresses, type ScanCandidate } from './scan-repository.js';
import type { ScannerRecord } from './scanner-repository.js';

/** Most written addresses an IPv6 job lists for the agent to probe. */
export const MAX_KNOWN_ADDRESSES = 65_536;

const HOUR_MS = 3_600_000;

/** Whether a subnet is due: Scan Now, never scanned, or its frequency has passed since the last scan. */
export function isDue(subnet: ScanCandidate, now: number): boolean {
  if (subnet.scanningType === 'none') return false;
  if (subnet.scanNow || subnet.lastScanned === null) return true;
  const frequencyHours = subnet.scanFrequency ?? 24;
  return Date.parse(subnet.lastScanned) + frequencyHours * HOUR_MS <= now;
}

/** How long a job is the agent's: ten minutes plus a second per hundred hosts, at most six hours. */
export function leaseSecondsFor(subnet: Pick<ScanCandidate, 'version' | 'prefixLength'>, knownCount: number) {
  const hosts =
    subnet.version === 4
      ? listedAddresses(prefixOf(4, 0n, subnet.prefixLength)).count
      : BigInt(knownCount + 256);
  const seconds = 600n + hosts / 100n;
  return Number(seconds > 21_600n ? 21_600n : seconds);
}

/**
 * The scanner's due subnets, each leased to it so no other call gets it while the job is out: none
 * while Block Scanning is on, none of another account (its ids are looked up in its own account).
 */
export async function dueJobs(db: Db, scanner: ScannerRecord, now: Date): Promise<ScanJobs> {
  const jobs: ScanJob[] = [];
  if (!scanner.blockScanning) {
    const nowIso = now.toISOString();
    const candidates = await scanCandidates(db, scanner.accountId, scanner.subnets);
    const due = candidates.filter(
      (subnet) => isDue(subnet, now.getTime()) && (subnet.leaseUntil === null || subnet.leaseUntil < nowIso),
    );
    const known = new Map<string, string[]>();
    for (const subnet of due) {
      if (subnet.version === 6)
        known.set(subnet.id, await writtenAddresses(db, subnet.id, MAX_KNOWN_ADDRESSES));
    }
    const leaseOf = (subnet: ScanCandidate) => leaseSecondsFor(subnet, known.get(subnet.id)?.length ?? 0);
    const byId = new Map(due.map((subnet) => [subnet.id, subnet]));
    const leased = await leaseSubnets(
      db,
      scanner.accountId,
      due.map((subnet) => subnet.id),
      nowIso,
      (id) => {
        const subnet = byId.get(id);
        return new Date(now.getTime() + (subnet ? leaseOf(subnet) : 600) * 1000).toISOString();
      },
    );
    for (const subnet of due) {
      if (!leased.has(subnet.id)) continue;
      jobs.push({
        subnetId: subnet.id,
        name: subnet.name,
        version: subnet.version,
        networkIP: subnet.networkIP,
        prefixLength: subnet.prefixLength,
        scanningType: subnet.scanningType === 'auto' ? 'auto' : 'approval',
        knownAddresses: known.get(subnet.id) ?? [],
        leaseSeconds: leaseOf(subnet),
      });
    }
  }
  return { pollIntervalSeconds: scanner.pollIntervalSeconds, jobs };
}
