import { z } from 'zod';
import { messages } from '../messages.js';
import { flag, hostnameText, MAX_DESCRIPTION_LENGTH, optionalText } from './common-fields.js';

/** Statuses of an IP address; new and cleared ones are Available. */
export const ADDRESS_STATUSES = ['Available', 'In Use', 'Reserved'] as const;
export type AddressStatus = (typeof ADDRESS_STATUSES)[number];

/**
 * `PUT /api/accounts/:a/subnets/:id/addresses/:ip`: the whole editable record. The hostname is checked
 * as a DNS name (hostname.ts; free text such as "printer, 2nd floor" belongs in the description).
 */
export const addressUpdateSchema = z.strictObject({
  status: z.enum(ADDRESS_STATUSES, { error: messages.addressStatusInvalid }),
  hostname: hostnameText().default(''),
  description: optionalText('Description', MAX_DESCRIPTION_LENGTH).default(''),
  allowScannerUpdate: flag('Allow scanner update').default(true),
});
export type AddressUpdateInput = z.infer<typeof addressUpdateSchema>;

/** Whether a value is one of the address statuses (a select's choice, a stored row's text). */
export function isAddressStatus(value: unknown): value is AddressStatus {
  return ADDRESS_STATUSES.some((status) => status === value);
}
