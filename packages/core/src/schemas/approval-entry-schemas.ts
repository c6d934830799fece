import { z } from 'zod';
import { messages } from '../messages.js';
import { ADDRESS_STATUSES } from './address-schemas.js';
import {
  MAX_ADDRESS_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_HOSTNAME_LENGTH,
  optionalText,
} from './common-fields.js';

/**
 * One address a scan found different from the record, checked like a person's edit: a known status,
 * a capped hostname and description. Whether the address is a host of the subnet is the server's check.
 */
export const approvalEntrySchema = z.strictObject({
  ipAddress: z
    .string({ error: messages.invalidRequest })
    .trim()
    .min(1, messages.invalidRequest)
    .max(MAX_ADDRESS_LENGTH, messages.invalidRequest),
  status: z.enum(ADDRESS_STATUSES, { error: messages.addressStatusInvalid }),
  hostname: optionalText('Hostname', MAX_HOSTNAME_LENGTH).default(''),
  description: optionalText('Description', MAX_DESCRIPTION_LENGTH).default(''),
});
export type ApprovalEntry = z.output<typeof approvalEntrySchema>;
