import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { messages } from '@ipam/core/messages';
import { restoredCell, type TableFormat } from '@ipam/core/table-files';
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

async function* csvRows(body: Readable): AsyncGenerator<string[]> {
  const parser = body
    .pipe(limitedTo(MAX_IMPORT_BYTES))
    .pipe(
      parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: 1024 * 1024 }),
    );
  body.on('error', (error) => parser.destroy(error));
  for await (const record of parser as AsyncIterable<string[]>) {
    // A spreadsheet's neutralised formula ('=…) stands for the text after the apostrophe.
    yield record.map(restoredCell);
  }
}

async function* xlsxRows(body: Readable): AsyncGenerator<string[]> {
  const limited = body.pipe(limitedTo(MAX_IMPORT_BYTES));
  body.on('error', (error) => limited.destroy(error));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(limited, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  let isFirstSheet = true;
  for await (const sheet of reader) {
    if (!isFirstSheet) continue; // the rest is read to the end, so the stream finishes
    isFirstSheet = false;
    for await (const row of sheet) {
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
