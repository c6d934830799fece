import ExcelJS from 'exceljs';
import { csvLine } from '@ipam/core/csv';
import { CSV_MEDIA_TYPE, XLSX_MEDIA_TYPE, type TableFormat } from '@ipam/core/table-files';
import { PassThrough, Readable } from 'node:stream';

/** A cell of an export: text, or a number or flag (typed as such in a workbook, written out in a CSV). */
export type TableCell = string | number | boolean;

/** An export ready to send: its file name, media type and the bytes as they are produced. */
export interface TableFile {
  fileName: string;
  contentType: string;
  body: Readable;
}

/** The media type an export of the format is sent with. */
export function contentTypeOf(format: TableFormat): string {
  return format === 'csv' ? `${CSV_MEDIA_TYPE}; charset=utf-8` : XLSX_MEDIA_TYPE;
}

const CSV_CHUNK_CHARS = 64 * 1024;

async function* csvChunks(columns: readonly string[], rows: AsyncIterable<readonly TableCell[]>) {
  let chunk = csvLine(columns);
  for await (const row of rows) {
    chunk += csvLine(row);
    if (chunk.length >= CSV_CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

/** Writes a workbook of one sheet row by row with exceljs's streaming writer (inline strings, no styles). */
function xlsxStream(
  sheetName: string,
  columns: readonly string[],
  rows: AsyncIterable<readonly TableCell[]>,
) {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  void (async () => {
    sheet.addRow([...columns]).commit();
    for await (const row of rows) sheet.addRow([...row]).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/**
 * The rows as a CSV (cells neutralised against formula injection, CRLF lines) or a real XLSX
 * workbook, produced while the rows are read: the file is never built in memory.
 */
export function tableStream(
  format: TableFormat,
  sheetName: string,
  columns: readonly string[],
  rows: AsyncIterable<readonly TableCell[]>,
): Readable {
  return format === 'csv' ? Readable.from(csvChunks(columns, rows)) : xlsxStream(sheetName, columns, rows);
}
