/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"), plus tab and CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: a text that a spreadsheet would run as a formula gets a leading apostrophe, and a
 * cell with a comma, quote or line break is quoted with its quotes doubled (RFC 4180).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV document: one line per row, CRLF line ends (RFC 4180). */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A date as YYYY-MM-DD in the user's time zone (the day they see on their calendar). */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Text safe inside a file name on every system: anything but letters, digits, dot and dash becomes `_`. */
export function fileNamePart(text: string): string {
  return text.replace(/[^A-Za-z0-9.-]/g, '_');
}
