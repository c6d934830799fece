import type { PlanSubnet, PlanValidation } from './api/plan.js';
import { toCsv, type CsvValue } from './csv.js';
import { exportFileName } from './file-names.js';
import type { PlanExportFormat, PlanExportOptions } from './schemas/plan-schemas.js';

/** Which optional column groups an export carries (PL-87; the query's flags). */
export type PlanExportIncludes = Pick<PlanExportOptions, 'details' | 'reserved' | 'validation' | 'planning'>;

/** One exported row: column → value; a missing key is an empty cell (and no key in JSON). */
export type PlanExportRow = Record<string, string | number | undefined>;

/** PL-88: the columns, in order, for these subnets and options. */
export function planExportColumns(subnets: readonly PlanSubnet[], include: PlanExportIncludes): string[] {
  const columns = ['name', 'description', 'network', 'ipVersion', 'status'];
  if (include.details) columns.push('broadcastAddress', 'usableHosts', 'subnetMask');
  if (include.planning) columns.push('currentHosts', 'plannedGrowth', 'planningNotes');
  if (include.reserved) columns.push('reservedAddresses');
  if (include.validation) columns.push('validationStatus', 'validationErrors');
  // S33: the VLAN columns exist when any subnet has a VLAN; the others leave them empty.
  if (subnets.some((subnet) => subnet.vlan !== null)) columns.push('vlanId', 'vlanName');
  return columns;
}

/** PL-88, PL-90: one row per subnet (given in tree order): numbers stay numbers, usableHosts is decimal text. */
export function planExportRows(subnets: readonly PlanSubnet[], include: PlanExportIncludes): PlanExportRow[] {
  return subnets.map((subnet) => {
    const row: PlanExportRow = {
      name: subnet.name,
      description: subnet.description,
      network: `${subnet.networkAddress}/${subnet.cidr}`,
      ipVersion: subnet.ipVersion,
      status: subnet.status,
    };
    if (include.details) {
      row.broadcastAddress = subnet.details.broadcastAddress ?? '';
      row.usableHosts = subnet.details.usableHosts;
      row.subnetMask = subnet.details.subnetMask;
    }
    if (include.planning) {
      row.currentHosts = subnet.planning.currentHosts;
      row.plannedGrowth = subnet.planning.plannedGrowth;
      row.planningNotes = subnet.planning.notes;
    }
    if (include.reserved) {
      row.reservedAddresses = subnet.reservedAddresses
        .map(({ address, type }) => (type === '' ? address : `${address} (${type})`))
        .join('; ');
    }
    if (include.validation) {
      row.validationStatus = subnet.validationResults.isValid ? 'Valid' : 'Invalid';
      row.validationErrors = subnet.validationResults.errors.join('; ');
    }
    if (subnet.vlan !== null) {
      row.vlanId = subnet.vlan.id;
      row.vlanName = subnet.vlan.name;
    }
    return row;
  });
}

/** PL-89: the CSV file (UTF-8 text, CRLF, RFC 4180 quoting, formula cells defused). */
export function planExportCsv(subnets: readonly PlanSubnet[], include: PlanExportIncludes): string {
  const columns = planExportColumns(subnets, include);
  const rows = planExportRows(subnets, include);
  return toCsv([columns, ...rows.map((row) => columns.map((column): CsvValue => row[column]))]);
}

/**
 * A decimal count as a number while a number holds it exactly (every IPv4 count, IPv6 ones up to
 * 2^53), else the decimal text, as the API sends counts (PL-4): JSON and XLSX keep numbers as
 * numbers (issue 29).
 */
export function exactCount(text: string): number | string {
  const count = Number(text);
  return /^\d+$/.test(text) && Number.isSafeInteger(count) ? count : text;
}

/** PL-90: the JSON file: plan name and description, export date, the rows, and the validation when asked. */
export function planExportJson(
  plan: { readonly name: string; readonly description: string },
  subnets: readonly PlanSubnet[],
  include: PlanExportIncludes,
  exportDate: Date,
  validation: PlanValidation | null,
): string {
  const envelope = {
    planName: plan.name,
    planDescription: plan.description,
    exportDate: exportDate.toISOString(),
    subnets: planExportRows(subnets, include).map((row) =>
      typeof row.usableHosts === 'string' ? { ...row, usableHosts: exactCount(row.usableHosts) } : row,
    ),
    ...(include.validation ? { validation } : {}),
  };
  return JSON.stringify(envelope, null, 2);
}

/**
 * PL-92: '{plan name}_subnets.{format}', the name made safe (see fileNamePart) and its spaces made '_'
 * too, so the file can be named in a shell or a URL without quotes (issue 29); an empty name gives 'plan'.
 */
export function planExportFileName(planName: string, format: PlanExportFormat): string {
  return exportFileName(planName.replace(/\s/g, '_'), 'subnets', format, 'plan');
}
