/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"), plus tab and CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A CSV cell value: text, a number, or nothing (an empty cell). */
export type CsvValue = string | number | null | undefined;

/**
 * One CSV cell: a text that a spreadsheet would run as a formula gets a leading apostrophe, and a
 * cell with a comma, quote or line break is quoted with its quotes doubled (RFC 4180).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV document: one line per row, CRLF line ends (RFC 4180). */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
