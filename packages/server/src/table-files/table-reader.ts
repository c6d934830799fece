import { parse } from 'csv-parse';
import { messages } from '@ipam/core/messages';
import { restoredCell } from '@ipam/core/csv';
import type { TableFormat } from '@ipam/core/table-files';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DomainError } from '../errors/domain-error.js';
import { createImportFolder, removeImportFolder } from './import-folder.js';
import { workbookRows } from './xlsx-reader.js';

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

async function* csvRows(body: Readable): AsyncGenerator<string[]> {
  const stream = body.pipe(limitedTo(MAX_IMPORT_BYTES));
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

/**
 * An XLSX upload is staged (as uploaded, counted against the size limit) in a folder of its own under
 * `stagingRoot`, read from there, and the folder removed whatever the outcome: rows read, a limit
 * passed, an unreadable file, the client gone, or the import stopping early.
 */
async function* xlsxRows(body: Readable, stagingRoot: string): AsyncGenerator<string[]> {
  const folder = await createImportFolder(stagingRoot);
  try {
    const file = join(folder, 'upload.xlsx');
    await pipeline(body, limitedTo(MAX_IMPORT_BYTES), createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    yield* workbookRows(file);
  } finally {
    await removeImportFolder(folder);
  }
}

/**
 * The rows of an uploaded file as text cells, never holding the file whole: a CSV is parsed as the
 * body streams in (csv-parse); an XLSX is staged on disk as uploaded and its first worksheet read from
 * there (xlsx-reader.ts, within the limits of xlsx-limits.ts). Empty rows are skipped. A file past a
 * size limit is a 413; one that cannot be parsed is a 400.
 */
export async function* tableRows(
  format: TableFormat,
  body: Readable,
  stagingRoot: string,
): AsyncGenerator<string[]> {
  try {
    yield* format === 'csv' ? csvRows(body) : xlsxRows(body, stagingRoot);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('import_unreadable', messages.importUnreadable);
  }
}
