import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { ScannersTable } from '../db/schema.js';

/** A scanner as the domain sees it (never its key: only the hash is stored). */
export interface ScannerRecord {
  id: string;
  accountId: string;
  name: string;
  description: string;
  keyPrefix: string;
  blockScanning: boolean;
  pollIntervalSeconds: number;
  lastSeenAt: string | null;
  agentVersion: string | null;
  updatedDate: string;
  updatedBy: string | null;
  /** Subnet ids in the order given; deleted subnets stay until removed. */
  subnets: string[];
}

function toScanner(row: Selectable<ScannersTable>, subnets: string[]): ScannerRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    description: row.description,
    keyPrefix: row.key_prefix,
    blockScanning: Number(row.block_scanning) === 1,
    pollIntervalSeconds: Number(row.poll_interval_seconds),
    lastSeenAt: row.last_seen_at,
    agentVersion: row.agent_version,
    updatedDate: row.updated_date,
    updatedBy: row.updated_by,
    subnets,
  };
}

async function subnetsOf(db: Db, scannerIds: readonly string[]): Promise<Map<string, string[]>> {
  const byScanner = new Map<string, string[]>(scannerIds.map((id) => [id, []]));
  if (scannerIds.length === 0) return byScanner;
  const rows = await db
    .selectFrom('scanner_subnets')
    .select(['scanner_id', 'subnet_id'])
    .where('scanner_id', 'in', scannerIds)
    .orderBy('scanner_id')
    .orderBy('position')
    .execute();
  for (const row of rows) byScanner.get(row.scanner_id)?.push(row.subnet_id);
  return byScanner;
}

/** The account's scanners, ordered by name then id (names compare in code by the caller if needed). */
export async function listScanners(db: Db, accountId: string): Promise<ScannerRecord[]> {
  const rows = await db.selectFrom('scanners').selectAll().where('account_id', '=', accountId).execute();
  const subnets = await subnetsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toScanner(row, subnets.get(row.id) ?? []));
}

/** The account's scanners that have the subnet among theirs, ordered by name (Block Scanning or not). */
export async function scannersCovering(
  db: Db,
  accountId: string,
  subnetId: string,
): Promise<ScannerRecord[]> {
  const rows = await db
    .selectFrom('scanners')
    .selectAll('scanners')
    .innerJoin('scanner_subnets', 'scanner_subnets.scanner_id', 'scanners.id')
    .where('scanners.account_id', '=', accountId)
    .where('scanner_subnets.subnet_id', '=', subnetId)
    .orderBy('scanners.name')
    .orderBy('scanners.id')
    .execute();
  const subnets = await subnetsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toScanner(row, subnets.get(row.id) ?? []));
}

/** One scanner of the account, or undefined (another account's is not found). */
export async function findScanner(
  db: Db,
  accountId: string,
  scannerId: string,
): Promise<ScannerRecord | undefined> {
  const row = await db
    .selectFrom('scanners')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', scannerId)
    .executeTakeFirst();
  if (!row) return undefined;
  return toScanner(row, (await subnetsOf(db, [row.id])).get(row.id) ?? []);
}

/** The scanner whose key hashes to `keyHash`, with its subnets, or undefined. */
export async function findScannerByKeyHash(db: Db, keyHash: string): Promise<ScannerRecord | undefined> {
  const row = await db.selectFrom('scanners').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
  if (!row) return undefined;
  return toScanner(row, (await subnetsOf(db, [row.id])).get(row.id) ?? []);
}

/** Stores a new scanner with its key hash and subnets. */
export async function insertScanner(
  db: Db,
  scanner: ScannerRecord & { keyHash: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('scanners')
    .values({
      id: scanner.id,
      account_id: scanner.accountId,
      name: scanner.name,
      description: scanner.description,
      key_hash: scanner.keyHash,
      key_prefix: scanner.keyPrefix,
      block_scanning: scanner.blockScanning ? 1 : 0,
      poll_interval_seconds: scanner.pollIntervalSeconds,
      last_seen_at: null,
      agent_version: null,
      created_at: scanner.createdAt,
      updated_date: scanner.updatedDate,
      updated_by: scanner.updatedBy,
      key_made_by: scanner.updatedBy,
    })
    .execute();
  await replaceScannerSubnets(db, scanner.id, scanner.subnets);
}

/** Writes the editable fields of a scanner and its subnet list. */
export async function updateScanner(db: Db, scanner: ScannerRecord): Promise<void> {
  await db
    .updateTable('scanners')
    .set({
      name: scanner.name,
      description: scanner.description,
      block_scanning: scanner.blockScanning ? 1 : 0,
      updated_date: scanner.updatedDate,
      updated_by: scanner.updatedBy,
    })
    .where('account_id', '=', scanner.accountId)
    .where('id', '=', scanner.id)
    .execute();
  await replaceScannerSubnets(db, scanner.id, scanner.subnets);
}

async function replaceScannerSubnets(db: Db, scannerId: string, subnets: readonly string[]): Promise<void> {
  await db.deleteFrom('scanner_subnets').where('scanner_id', '=', scannerId).execute();
  if (subnets.length === 0) return;
  await db
    .insertInto('scanner_subnets')
    .values(subnets.map((subnetId, position) => ({ scanner_id: scannerId, subnet_id: subnetId, position })))
    .execute();
}

/** Replaces a scanner's key: the old hash stops matching at once; its maker is the one updating. */
export async function setScannerKey(
  db: Db,
  scanner: Pick<ScannerRecord, 'accountId' | 'id' | 'keyPrefix' | 'updatedDate' | 'updatedBy'>,
  keyHash: string,
): Promise<void> {
  await db
    .updateTable('scanners')
    .set({
      key_hash: keyHash,
      key_prefix: scanner.keyPrefix,
      updated_date: scanner.updatedDate,
      updated_by: scanner.updatedBy,
      key_made_by: scanner.updatedBy,
    })
    .where('account_id', '=', scanner.accountId)
    .where('id', '=', scanner.id)
    .execute();
}

/** Deletes a scanner (its subnet list goes with it); true when there was one. */
export async function deleteScanner(db: Db, accountId: string, scannerId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('scanners')
    .where('account_id', '=', accountId)
    .where('id', '=', scannerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Records that the agent called in, and the version it reported. */
export async function touchScanner(db: Db, scannerId: string, at: string, version: string | null) {
  await db
    .updateTable('scanners')
    .set({ last_seen_at: at, agent_version: version })
    .where('id', '=', scannerId)
    .execute();
}

/** Which of these ids are subnets of the account. */
export async function existingSubnetIds(
  db: Db,
  accountId: string,
  subnetIds: readonly string[],
): Promise<Set<string>> {
  if (subnetIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('subnets')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', subnetIds)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Ends the keys a user made in an account (they are leaving it): each key's hash is replaced by one no
 * key matches, so the scanner stops until someone regenerates its key. Answers the scanners' ids.
 */
export async function endKeysMadeBy(
  db: Db,
  accountId: string,
  userId: string,
  unmatchableHash: () => string,
): Promise<string[]> {
  const scanners = await db
    .selectFrom('scanners')
    .select('id')
    .where('account_id', '=', accountId)
    .where('key_made_by', '=', userId)
    .execute();
  for (const { id } of scanners) {
    await db
      .updateTable('scanners')
      .set({ key_hash: unmatchableHash(), key_made_by: null })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .execute();
  }
  return scanners.map((scanner) => scanner.id);
}
