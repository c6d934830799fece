import type { Prefix } from './prefix.js';
import { listedAddresses } from './address-listing.js';

/** The columns of an address export and import, in file order (the API's field names). */
export const ADDRESS_COLUMNS = [
  'ipAddress',
  'status',
  'hostname',
  'description',
  'allowScannerUpdate',
  'updatedDate',
  'updatedBy',
] as const;
export type AddressColumn = (typeof ADDRESS_COLUMNS)[number];

/** Address columns an import cannot do without; the others take their defaults. */
export const ADDRESS_REQUIRED_COLUMNS: readonly AddressColumn[] = ['ipAddress', 'status'];

/** The columns of a subnet export and import, in file order. */
export const SUBNET_COLUMNS = [
  'name',
  'networkIP',
  'prefix',
  'vlanId',
  'description',
  'group',
  'scanningType',
  'scanFrequency',
] as const;
export type SubnetColumn = (typeof SUBNET_COLUMNS)[number];

/** Subnet columns an import cannot do without. */
export const SUBNET_REQUIRED_COLUMNS: readonly SubnetColumn[] = ['name', 'networkIP', 'prefix'];

/** The VLAN of an imported subnet whose file has no vlanId column (or an empty cell). */
export const DEFAULT_IMPORT_VLAN_ID = 1;

/** The file formats of exports and imports. */
export const TABLE_FORMATS = ['csv', 'xlsx'] as const;
export type TableFormat = (typeof TABLE_FORMATS)[number];

/** Media types of the two formats (imports take the file as the request body with one of these). */
export const CSV_MEDIA_TYPE = 'text/csv';
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Most listed addresses a subnet may have for an export of every address (a /16 of IPv4, a /112 of IPv6). */
export const MAX_EXPORT_ALL_ADDRESSES = 65_536n;

/** Whether every address of the subnet (written or not) may be exported. */
export function canExportEveryAddress(prefix: Pick<Prefix, 'version' | 'length'>): boolean {
  return listedAddresses({ ...prefix, network: 0n }).count <= MAX_EXPORT_ALL_ADDRESSES;
}

/**
 * A text a spreadsheet would run as a formula (OWASP "CSV injection": = + - @, tab, CR), after any
 * apostrophes of an earlier neutralisation: such a cell gets one more leading apostrophe, so
 * `restoredCell` can take exactly one off and every text survives a round trip.
 */
const NEUTRALISED = /^'*[=+\-@\t\r]/;
const RESTORABLE = /^'+[=+\-@\t\r]/;

/** A CSV cell's text made safe to open in a spreadsheet (a leading apostrophe, see NEUTRALISED). */
export function neutralisedCell(text: string): string {
  return NEUTRALISED.test(text) ? `'${text}` : text;
}

/** The text a neutralised CSV cell stood for (the export's apostrophe taken off). */
export function restoredCell(text: string): string {
  return RESTORABLE.test(text) ? text.slice(1) : text;
}

/** One CSV line (CRLF-terminated, RFC 4180): cells neutralised, quoted when they hold , " CR or LF. */
export function csvLine(cells: readonly string[]): string {
  const quoted = cells.map((cell) => {
    const text = neutralisedCell(cell);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  });
  return `${quoted.join(',')}\r\n`;
}

/** The file name of an export: `{name}_{what}.{format}`, unsafe characters turned into '_'. */
export function tableFileName(name: string, what: 'addresses' | 'subnets', format: TableFormat): string {
  const safe = name.replace(/[^\p{L}\p{N}.-]/gu, '_');
  return `${safe === '' ? 'ipam' : safe}_${what}.${format}`;
}
