import { toCsv } from '@ipam/core/csv';
import { fileNamePart } from '@ipam/core/file-names';
import { isoDay } from '../../../lib/iso-day.js';
import {
  ipv4Fields,
  ipv6Fields,
  type FieldDefinition,
  type IPv4Result,
  type IPv6Result,
} from './result-fields.js';

/** Which calculator: its fields, labels and file names. */
export type CalculatorKind = 'ipv4' | 'ipv6';

/** What the CSV of the current result holds: the inputs as typed and the result. */
export interface ResultExport<Result> {
  readonly ipAddress: string;
  readonly mask: string;
  readonly result: Result;
}

/** A saved calculation as exported: inputs as typed, the server's result, who saved it when. */
export interface SavedExport<Result> extends ResultExport<Result> {
  readonly createdAt: string;
  readonly createdByEmail: string | null;
}

const maskLabel: Record<CalculatorKind, string> = {
  ipv4: 'Subnet Mask Entered',
  ipv6: 'Prefix Length Entered',
};

function resultCsv<Result>(
  kind: CalculatorKind,
  fields: readonly FieldDefinition<Result>[],
  entry: ResultExport<Result>,
) {
  return toCsv([
    ['Field', 'Value'],
    ['IP Address Entered', entry.ipAddress],
    [maskLabel[kind], entry.mask],
    ...fields.map((field) => [field.label, field.csv(entry.result)]),
  ]);
}

function savedCsv<Result>(
  kind: CalculatorKind,
  fields: readonly FieldDefinition<Result>[],
  entries: readonly SavedExport<Result>[],
) {
  return toCsv([
    ['Saved At', 'Saved By', 'IP Address Entered', maskLabel[kind], ...fields.map((field) => field.label)],
    ...entries.map((entry) => [
      entry.createdAt,
      entry.createdByEmail,
      entry.ipAddress,
      entry.mask,
      ...fields.map((field) => field.csv(entry.result)),
    ]),
  ]);
}

/** The current IPv4 result as CSV. */
export const ipv4ResultCsv = (entry: ResultExport<IPv4Result>) => resultCsv('ipv4', ipv4Fields, entry);
/** The current IPv6 result as CSV. */
export const ipv6ResultCsv = (entry: ResultExport<IPv6Result>) => resultCsv('ipv6', ipv6Fields, entry);
/** The saved IPv4 calculations as CSV, one line each. */
export const ipv4SavedCsv = (entries: readonly SavedExport<IPv4Result>[]) =>
  savedCsv('ipv4', ipv4Fields, entries);
/** The saved IPv6 calculations as CSV, one line each. */
export const ipv6SavedCsv = (entries: readonly SavedExport<IPv6Result>[]) =>
  savedCsv('ipv6', ipv6Fields, entries);

/** File name of a result: calculator, network/prefix and the day, e.g. `ipv4-subnet-10.0.0.0-24-2026-11-22.csv`. */
export function resultFileName(
  kind: CalculatorKind,
  result: { networkAddress: string; cidr: number },
  day: Date,
): string {
  return `${kind}-subnet-${fileNamePart(result.networkAddress)}-${result.cidr}-${isoDay(day)}.csv`;
}

/** File name of the saved list, e.g. `saved-ipv4-subnets-2026-11-22.csv`. */
export function savedFileName(kind: CalculatorKind, day: Date): string {
  return `saved-${kind}-subnets-${isoDay(day)}.csv`;
}
