import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { messages } from '@ipam/core/messages';
import { restoredCell } from '@ipam/core/csv';
import type { TableFormat } from '@ipam/core/table-files';
import { Transform, type Readable } from 'node:stream';
import { DomainError } from '../errors/domain-error.js';

/** Largest import file accepted (the body is counted as it streams in; more is a 413). */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;
/** Most data rows in one import file. */
export const MAX_IMPORT_ROWS = 200_000;

/** A stream that passes bytes through and fails with a 413 once more than `limit` went by. */
function limitedTo(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) {
        done(new DomainError('payload_too_large', messages.importTooLarge(limit / (1024 * 1024))));
      } else {
        done(null, chunk);
      }
    },
  });
}

/** The text of a spreadsheet cell as a CSV would hold it (numbers and booleans written out). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('error' in value) return String(value.error);
  return '';
}

/** Waits for a promise unless the body fails first (then rejects with its error). */
type Guarded = <T>(promise: Promise<T>) => Promise<T>;

/**
 * The body counted against the size limit, and a guard for each wait on what reads it: a stream that
 * fails (the limit, a client gone) does not end every parser reading from it. One pending wait at a
 * time holds the way to reject it, so nothing piles up per row.
 */
function limitedBody(body: Readable): { stream: Transform; guarded: Guarded } {
  const stream = body.pipe(limitedTo(MAX_IMPORT_BYTES));
  let failure: { error: unknown } | null = null;
  let rejectWaiting: ((error: unknown) => void) | null = null;
  const fail = (error: unknown) => {
    failure ??= { error };
    rejectWaiting?.(error);
  };
  stream.once('error', fail);
  body.once('error', fail);
  const guarded: Guarded = (promise) =>
    failure
      ? Promise.reject(failure.error)
      : new Promise((resolve, reject) => {
          rejectWaiting = reject;
          promise.then(resolve, reject);
        });
  return { stream, guarded };
}

/** The items of `source`, each wait guarded (see limitedBody). */
async function* guardedItems<T>(source: AsyncIterable<T>, guarded: Guarded): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await guarded(iterator.next());
      if (next.done) return;
      yield next.value;
    }
  } finally {
    void iterator.return?.()?.catch(() => undefined);
  }
}

async function* csvRows(body: Readable): AsyncGenerator<string[]> {
  const { stream } = limitedBody(body);
  const parser = stream.pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: 1024 * 1024 }),
  );
  // The parser's own iterator ends with the error once it is destroyed with it.
  stream.once('error', (error) => parser.destroy(error));
  body.once('error', (error) => parser.destroy(error));
  for await (const record of parser as AsyncIterable<string[]>) {
    // A spreadsheet's neutralised formula ('=…) stands for the text after the apostrophe.
    yield record.map(restoredCell);
  }
}

async function* xlsxRows(body: Readable): AsyncGenerator<string[]> {
  const { stream, guarded } = limitedBody(body);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  let isFirstSheet = true;
  for await (const sheet of guardedItems(reader, guarded)) {
    if (!isFirstSheet) continue; // the rest is read to the end, so the stream finishes
    isFirstSheet = false;
    for await (const row of guardedItems(sheet, guarded)) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      const cells = Array.from(values, (value) => cellText(value ?? null));
      if (cells.some((cell) => cell !== '')) yield cells;
    }
  }
}

/**
 * The rows of an uploaded file as text cells, read as the body streams in (the file is never held
 * whole): CSV through csv-parse, XLSX through exceljs's streaming reader (first worksheet). Empty rows
 * are skipped. A file past the size limit is a 413; one that cannot be parsed is a 400.
 */
export async function* tableRows(format: TableFormat, body: Readable): AsyncGenerator<string[]> {
  try {
    yield* format === 'csv' ? csvRows(body) : xlsxRows(body);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('import_unreadable', messages.importUnreadable);
  }
}
