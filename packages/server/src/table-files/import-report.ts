import type { ImportOutcome, ImportReport, ImportRowReport } from '@ipam/core/api/table-import';
import { messages } from '@ipam/core/messages';
import { DomainError } from '../errors/domain-error.js';
import { MAX_IMPORT_ROWS } from './table-reader.js';

/** A row of the file once read: its number (the header is 1) and its key as written, or the reason it is refused. */
export interface ReadRow<T> {
  row: number;
  key: string;
  value?: T;
  reason?: string;
}

/** The report of an import from each row's outcome. */
export function importReport(
  rows: readonly ImportRowReport[],
  dryRun: boolean,
  applied: boolean,
): ImportReport {
  const counts: Record<ImportOutcome, number> = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const row of rows) counts[row.outcome] += 1;
  const report: ImportReport = { dryRun, applied, counts, rows: [...rows] };
  if (!applied && !dryRun) return { ...report, error: messages.importHasErrors, code: 'import_has_errors' };
  return report;
}

/** The report of a file whose header is refused: one error row, nothing else read. */
export function headerReport(problem: string, dryRun: boolean): ImportReport {
  return importReport([{ row: 1, key: '', outcome: 'error', reason: problem }], dryRun, false);
}

/** The reason a domain rule refused a row (its message), rethrowing anything else. */
export function reasonOf(error: unknown): string {
  if (error instanceof DomainError) return error.message;
  throw error;
}

/** Counts data rows as they are read; more than the import's maximum is a 413. */
export function checkRowCount(count: number): void {
  if (count > MAX_IMPORT_ROWS) {
    throw new DomainError('payload_too_large', messages.importTooManyRows(MAX_IMPORT_ROWS));
  }
}
