import { calculateIPv4 } from '@ipam/core/calculator-ipv4';
import { calculateIPv6 } from '@ipam/core/calculator-ipv6';
import { messages } from '@ipam/core/messages';
import {
  ipv4CalculationCreateSchema,
  ipv6CalculationCreateSchema,
} from '@ipam/core/schemas/calculation-schemas';
import type { z } from 'zod';
import { ipv4CalculationsApi, ipv6CalculationsApi, type CalculationsApi } from '../api/calculations.js';
import {
  ipv4ResultCsv,
  ipv4SavedCsv,
  ipv6ResultCsv,
  ipv6SavedCsv,
  type CalculatorKind,
  type ResultExport,
  type SavedExport,
} from '../lib/calculation-export.js';
import {
  ipv4Fields,
  ipv6Fields,
  type FieldDefinition,
  type IPv4Result,
  type IPv6Result,
} from '../lib/result-fields.js';

/** What every result has: the network and prefix (for the saved list, file names and subnets). */
export interface BaseResult {
  readonly networkAddress: string;
  readonly cidr: number;
}

/** Everything that differs between the IPv4 and the IPv6 calculator. */
export interface CalculatorDefinition<Result extends BaseResult> {
  kind: CalculatorKind;
  version: 4 | 6;
  savedTitle: string;
  addressLabel: string;
  addressPlaceholder: string;
  maskLabel: string;
  maskPlaceholder: string;
  maskDescription: string;
  emptyHint: string;
  /** The spec's message for a wrong address, or null. */
  addressError: (text: string) => string | null;
  /** The spec's message for a wrong mask or prefix, or null. */
  maskError: (text: string) => string | null;
  /** The very calculator `ipam calc` runs. */
  calculate: (address: string, mask: string) => { ok: true; result: Result } | { ok: false; message: string };
  fields: readonly FieldDefinition<Result>[];
  /** A line shown under the result (IPv6: no broadcast). */
  note?: string;
  resultCsv: (entry: ResultExport<Result>) => string;
  savedCsv: (entries: readonly SavedExport<Result>[]) => string;
  api: CalculationsApi<Result>;
}

/** The first message of a field schema, or null when the text passes (the server runs the same schema). */
function fieldError(schema: z.ZodType, text: string): string | null {
  const parsed = schema.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? messages.invalidRequest);
}

export const ipv4Calculator: CalculatorDefinition<IPv4Result> = {
  kind: 'ipv4',
  version: 4,
  savedTitle: 'Saved IPv4 Subnets',
  addressLabel: 'IP Address',
  addressPlaceholder: '192.168.1.0',
  maskLabel: 'Subnet Mask',
  maskPlaceholder: '/24',
  maskDescription: 'CIDR (/24), a number (24) or dotted decimal (255.255.255.0)',
  emptyHint: 'Enter an IPv4 address and a subnet mask: the details appear as soon as both are valid.',
  addressError: (text) => fieldError(ipv4CalculationCreateSchema.shape.ipAddress, text),
  maskError: (text) => fieldError(ipv4CalculationCreateSchema.shape.subnetMask, text),
  calculate: (address, mask) => {
    const outcome = calculateIPv4(address, mask);
    return outcome.ok ? outcome : { ok: false, message: outcome.error.message };
  },
  fields: ipv4Fields,
  resultCsv: ipv4ResultCsv,
  savedCsv: ipv4SavedCsv,
  api: ipv4CalculationsApi,
};

export const ipv6Calculator: CalculatorDefinition<IPv6Result> = {
  kind: 'ipv6',
  version: 6,
  savedTitle: 'Saved IPv6 Subnets',
  addressLabel: 'IPv6 Address',
  addressPlaceholder: '2001:db8::',
  maskLabel: 'Prefix Length',
  maskPlaceholder: '/64',
  maskDescription: '/64 or 64 (0-128)',
  emptyHint: 'Enter an IPv6 address and a prefix length: the details appear as soon as both are valid.',
  addressError: (text) => fieldError(ipv6CalculationCreateSchema.shape.ipAddress, text),
  maskError: (text) => fieldError(ipv6CalculationCreateSchema.shape.prefixLength, text),
  calculate: (address, prefix) => {
    const outcome = calculateIPv6(address, prefix);
    return outcome.ok ? outcome : { ok: false, message: outcome.error.message };
  },
  fields: ipv6Fields,
  note: 'IPv6 has no broadcast address: every address of the prefix, from the network address to the last address, is usable.',
  resultCsv: ipv6ResultCsv,
  savedCsv: ipv6SavedCsv,
  api: ipv6CalculationsApi,
};
