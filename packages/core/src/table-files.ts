import type { Prefix } from './prefix.js';
import { listedAddresses } from './address-listing.js';
import { exportFileName } from './file-names.js';

/**
 * The columns of an address export and import, in file order (the API's field names). An import reads
 * `mac` (optional; an empty cell keeps the stored MAC) and ignores the scanner's firstSeen, lastSeen and
 * lastSeenBy, which only scans write.
 */
export const ADDRESS_COLUMNS = [
  'ipAddress',
  'status',
  'hostname',
  'description',
  'allowScannerUpdate',
  'updatedDate',
  'updatedBy',
  'mac',
  'firstSeen',
  'lastSeen',
  'lastSeenBy',
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
  'vrf',
  'kind',
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

/** The file name of an export: `{name}_{what}.{format}`, the name made safe (see fileNamePart). */
export function tableFileName(name: string, what: 'addresses' | 'subnets', format: TableFormat): string {
  return exportFileName(name, what, format, 'ipam');
}
