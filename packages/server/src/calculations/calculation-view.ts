import {
  ipv4ResultResponse,
  ipv6ResultResponse,
  type SavedIPv4,
  type SavedIPv6,
} from '@ipam/core/api/calculation';
import type { CalculationRow } from './calculation-repository.js';

function common(row: CalculationRow) {
  return {
    id: row.id,
    createdAt: row.createdAt,
    createdBy: row.createdBy,
    createdByEmail: row.createdByEmail,
    ipAddress: row.ipAddress,
  };
}

/** A stored IPv4 row as the API shows it (the stored JSON is checked on the way out). */
export function toSavedIPv4(row: CalculationRow): SavedIPv4 {
  return {
    ...common(row),
    type: 'ipv4',
    subnetMask: row.subnetMask ?? `/${row.cidr}`,
    cidr: row.cidr,
    calculationResult: ipv4ResultResponse.parse(JSON.parse(row.resultJson)),
  };
}

/** A stored IPv6 row as the API shows it. */
export function toSavedIPv6(row: CalculationRow): SavedIPv6 {
  return {
    ...common(row),
    type: 'ipv6',
    prefixLength: row.prefixLength ?? String(row.cidr),
    prefixLengthNumber: row.cidr,
    calculationResult: ipv6ResultResponse.parse(JSON.parse(row.resultJson)),
  };
}
