// The cell and row writing is shared with the planner's export (PL-89), so it lives in core.
export { csvCell, toCsv } from '@ipam/core/csv';

/** A date as YYYY-MM-DD in the user's time zone (the day they see on their calendar). */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Text safe inside a file name on every system: anything but letters, digits, dot and dash becomes `_`. */
export function fileNamePart(text: string): string {
  return text.replace(/[^A-Za-z0-9.-]/g, '_');
}
