import type { Db } from '../db/database.js';

/** What job hand-out needs of a subnet: its scanning settings and whether a job is out. */
export interface ScanCandidate {
  id: string;
  name: string;
  version: 4 | 6;
  networkIP: string;
  prefixLength: number;
  scanningType: string;
  scanFrequency: number | null;
  lastScanned: string | null;
  scanNow: boolean;
  leaseUntil: string | null;
}

/** The subnets of the account among these ids, with their scanning state. */
export async function scanCandidates(
  db: Db,
  accountId: string,
  subnetIds: readonly string[],
): Promise<ScanCandidate[]> {
  if (subnetIds.length === 0) return [];
  const rows = await db
    .selectFrom('subnets')
    .select([
      'id',
      'name',
      'version',
      'network_ip',
      'prefix_length',
      'scanning_type',
      'scan_frequency',
      'last_scanned',
      'scan_now',
      'scan_lease_until',
    ])
    .where('account_id', '=', accountId)
    .where('id', 'in', subnetIds)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    version: Number(row.version) === 6 ? 6 : 4,
    networkIP: row.network_ip,
    prefixLength: Number(row.prefix_length),
    scanningType: row.scanning_type,
    scanFrequency: row.scan_frequency === null ? null : Number(row.scan_frequency),
    lastScanned: row.last_scanned,
    scanNow: Number(row.scan_now) === 1,
    leaseUntil: row.scan_lease_until,
  }));
}

/**
 * Leases each subnet that has no job out (or whose lease ran out) until `until`; answers the ids this
 * call leased. One conditional UPDATE per subnet, so two agents asking at once never both get one.
 */
export async function leaseSubnets(
  db: Db,
  accountId: string,
  subnetIds: readonly string[],
  now: string,
  until: (subnetId: string) => string,
): Promise<Set<string>> {
  const leased = new Set<string>();
  for (const id of subnetIds) {
    const rows = await db
      .updateTable('subnets')
      .set({ scan_lease_until: until(id) })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where((eb) => eb.or([eb('scan_lease_until', 'is', null), eb('scan_lease_until', '<', now)]))
      .returning('id')
      .execute();
    if (rows.length > 0) leased.add(id);
  }
  return leased;
}

/** Ends a subnet's scan: lastScanned set, scanNow cleared, the job's lease released. */
export async function finishScan(db: Db, subnetId: string, at: string): Promise<void> {
  await db
    .updateTable('subnets')
    .set({ last_scanned: at, scan_now: 0, scan_lease_until: null })
    .where('id', '=', subnetId)
    .execute();
}

/** Up to `limit` addresses the subnet has written, in address order (what an IPv6 job probes). */
export async function writtenAddresses(db: Db, subnetId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('ip_addresses')
    .select('ip_address')
    .where('subnet_id', '=', subnetId)
    .orderBy('sort_key')
    .limit(limit)
    .execute();
  return rows.map((row) => row.ip_address);
}
