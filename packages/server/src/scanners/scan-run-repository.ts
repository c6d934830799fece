import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { ScanRunsTable } from '../db/schema.js';

/** One scan of a subnet: a job's batches (same scanner, same start) summed. */
export interface ScanRun {
  id: string;
  scannerId: string | null;
  scannerName: string;
  scanningType: string;
  methods: string[];
  startedAt: string;
  finishedAt: string;
  hosts: number;
  alive: number;
  applied: number;
  approvals: number;
  isDone: boolean;
}

/** What one batch adds to its scan's run. */
export type ScanBatch = Omit<ScanRun, 'id' | 'isDone'> & { isDone: boolean };

function toRun(row: Selectable<ScanRunsTable>): ScanRun {
  return {
    id: row.id,
    scannerId: row.scanner_id,
    scannerName: row.scanner_name,
    scanningType: row.scanning_type,
    methods: row.methods === '' ? [] : row.methods.split(','),
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    hosts: Number(row.hosts),
    alive: Number(row.alive),
    applied: Number(row.applied),
    approvals: Number(row.approvals),
    isDone: Number(row.is_done) === 1,
  };
}

/**
 * Adds a batch to its scan's run: the first batch of a job (by scanner and start time) makes the row,
 * later ones add their counts and methods and move its finish time. The caller holds the subnet's row
 * lock (batches of a subnet take turns), so reading then writing cannot race.
 */
export async function addScanBatch(
  db: Db,
  accountId: string,
  subnetId: string,
  batch: ScanBatch,
): Promise<void> {
  const existing = await db
    .selectFrom('scan_runs')
    .selectAll()
    .where('subnet_id', '=', subnetId)
    .where('scanner_id', '=', batch.scannerId)
    .where('started_at', '=', batch.startedAt)
    .where('is_done', '=', 0)
    .executeTakeFirst();
  if (!existing) {
    await db
      .insertInto('scan_runs')
      .values({
        id: randomUUID(),
        account_id: accountId,
        subnet_id: subnetId,
        scanner_id: batch.scannerId,
        scanner_name: batch.scannerName,
        scanning_type: batch.scanningType,
        methods: [...new Set(batch.methods)].sort().join(','),
        started_at: batch.startedAt,
        finished_at: batch.finishedAt,
        hosts: batch.hosts,
        alive: batch.alive,
        applied: batch.applied,
        approvals: batch.approvals,
        is_done: batch.isDone ? 1 : 0,
      })
      .execute();
    return;
  }
  const run = toRun(existing);
  await db
    .updateTable('scan_runs')
    .set({
      methods: [...new Set([...run.methods, ...batch.methods])].sort().join(','),
      finished_at: batch.finishedAt > run.finishedAt ? batch.finishedAt : run.finishedAt,
      hosts: run.hosts + batch.hosts,
      alive: run.alive + batch.alive,
      applied: run.applied + batch.applied,
      approvals: run.approvals + batch.approvals,
      is_done: batch.isDone ? 1 : 0,
    })
    .where('id', '=', run.id)
    .execute();
}

/** A subnet's scans, newest first, at most `limit`. */
export async function listScanRuns(db: Db, subnetId: string, limit: number): Promise<ScanRun[]> {
  const rows = await db
    .selectFrom('scan_runs')
    .selectAll()
    .where('subnet_id', '=', subnetId)
    .orderBy('started_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toRun);
}
