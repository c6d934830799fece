import {
  sourceImportReport,
  type ImportJobStatus,
  type ImportPhase,
  type SourceImportJob,
} from '@ipam/core/api/source-import';
import { IMPORT_JOB_STATUSES, IMPORT_PHASES } from '@ipam/core/api/source-import';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { SourceImportsTable } from '../db/schema.js';

/** A running import not heard from for this long was stopped (its server restarted): it shows as interrupted. */
export const STALE_IMPORT_MS = 2 * 60_000;

function toJob(row: Selectable<SourceImportsTable>): SourceImportJob {
  const isStale = row.status === 'running' && Date.now() - Date.parse(row.updated_at) > STALE_IMPORT_MS;
  const status = IMPORT_JOB_STATUSES.find((s) => s === row.status) ?? 'failed';
  return {
    id: row.id,
    source: row.source,
    dryRun: Number(row.dry_run) === 1,
    status: isStale ? 'interrupted' : status,
    phase: IMPORT_PHASES.find((phase) => phase === row.phase) ?? 'reading',
    done: Number(row.done),
    total: row.total === null ? null : Number(row.total),
    error: row.error,
    report: row.report_json === null ? null : sourceImportReport.parse(JSON.parse(row.report_json)),
    startedAt: row.started_at,
    updatedAt: row.updated_at,
  };
}

/** Records a new running import. */
export async function insertImportJob(
  db: Db,
  job: { id: string; accountId: string; userId: string | null; source: string; dryRun: boolean; now: string },
): Promise<void> {
  await db
    .insertInto('source_imports')
    .values({
      id: job.id,
      account_id: job.accountId,
      user_id: job.userId,
      source: job.source,
      dry_run: job.dryRun ? 1 : 0,
      status: 'running',
      phase: 'reading',
      done: 0,
      total: null,
      error: null,
      report_json: null,
      started_at: job.now,
      updated_at: job.now,
    })
    .execute();
}

/** Writes how far a running import is (also its sign of life). */
export async function updateImportProgress(
  db: Db,
  id: string,
  progress: { phase: ImportPhase; done: number; total: number | null },
): Promise<void> {
  await db
    .updateTable('source_imports')
    .set({ ...progress, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/** Ends an import with its report (done) or its error (failed). */
export async function finishImportJob(
  db: Db,
  id: string,
  end: {
    status: Exclude<ImportJobStatus, 'running' | 'interrupted'>;
    reportJson: string | null;
    error: string | null;
  },
): Promise<void> {
  await db
    .updateTable('source_imports')
    .set({
      status: end.status,
      phase: 'done',
      report_json: end.reportJson,
      error: end.error,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

/** One import of the account, or undefined (another account's is not found). */
export async function findImportJob(
  db: Db,
  accountId: string,
  id: string,
): Promise<SourceImportJob | undefined> {
  const row = await db
    .selectFrom('source_imports')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toJob(row) : undefined;
}

/** The account's latest imports, newest first, without their reports (a list stays small). */
export async function listImportJobs(db: Db, accountId: string, limit = 10): Promise<SourceImportJob[]> {
  const rows = await db
    .selectFrom('source_imports')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('started_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...toJob({ ...row, report_json: null }) }));
}

/** Whether the account has an import running now (one not heard from lately does not count). */
export async function hasRunningImport(db: Db, accountId: string): Promise<boolean> {
  const since = new Date(Date.now() - STALE_IMPORT_MS).toISOString();
  const row = await db
    .selectFrom('source_imports')
    .select('id')
    .where('account_id', '=', accountId)
    .where('status', '=', 'running')
    .where('updated_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}
