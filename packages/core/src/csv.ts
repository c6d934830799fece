/**
 * A text a spreadsheet would run as a formula (OWASP "CSV injection": = + - @, tab, CR), after any
 * apostrophes of an earlier neutralisation: such a cell gets one more leading apostrophe, so
 * `restoredCell` can take exactly one off and every text survives a round trip.
 */
const NEUTRALISED = /^'*[=+\-@\t\r]/;
const RESTORABLE = /^'+[=+\-@\t\r]/;

/** A CSV cell value: text, a number or flag (written as it is), or nothing (an empty cell). */
export type CsvValue = string | number | boolean | null | undefined;

/** A CSV cell's text made safe to open in a spreadsheet (a leading apostrophe, see NEUTRALISED). */
export function neutralisedCell(text: string): string {
  return NEUTRALISED.test(text) ? `'${text}` : text;
}

/** The text a neutralised CSV cell stood for (the export's apostrophe taken off). */
export function restoredCell(text: string): string {
  return RESTORABLE.test(text) ? text.slice(1) : text;
}

/**
 * One CSV cell: a text is neutralised (numbers, negative ones too, are written as they are), and a
 * cell with a comma, quote or line break is quoted with its quotes doubled (RFC 4180).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? neutralisedCell(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line, CRLF-terminated (RFC 4180). */
export function csvLine(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A whole CSV document: one line per row. */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map(csvLine).join('');
}
