import { z } from 'zod';
import { messages } from '../messages.js';
import { ADDRESS_STATUSES } from './address-schemas.js';
import { flag, MAX_ADDRESS_LENGTH, MAX_DESCRIPTION_LENGTH, optionalText } from './common-fields.js';

/**
 * Most addresses one bulk change names: a /20 at once, the same cap as a stored split, and small
 * enough that its one transaction (rows, counts, one audit entry per address) stays well under a second.
 */
export const MAX_BULK_ADDRESSES = 4096;

/** The addresses of a bulk change, each in any valid form (the server checks they are hosts of the subnet). */
const ipAddresses = z
  .array(
    z
      .string({ error: messages.invalidIpAddress })
      .trim()
      .min(1, messages.invalidIpAddress)
      .max(MAX_ADDRESS_LENGTH, messages.invalidIpAddress),
    { error: messages.bulkAddressesRequired },
  )
  .min(1, messages.bulkAddressesRequired)
  .max(MAX_BULK_ADDRESSES, messages.bulkTooManyAddresses(MAX_BULK_ADDRESSES))
  .describe(`the addresses to change, at most ${MAX_BULK_ADDRESSES}; the same address twice counts once`);

/**
 * `set`: the fields given are written to every address, the others kept; an empty description clears
 * it. Hostnames are one per device, so they are never set in bulk.
 */
const bulkSetSchema = z
  .strictObject({
    action: z.literal('set'),
    ipAddresses,
    status: z.enum(ADDRESS_STATUSES, { error: messages.addressStatusInvalid }).optional(),
    description: optionalText('Description', MAX_DESCRIPTION_LENGTH)
      .optional()
      .describe('the description to write; empty clears it'),
    allowScannerUpdate: flag('Allow scanner update').optional(),
  })
  .refine(
    (input) =>
      input.status !== undefined || input.description !== undefined || input.allowScannerUpdate !== undefined,
    { message: messages.bulkNothingToSet },
  );

/** `clear`: the spec's Clear on every address (Available, no hostname or description, scanner updates off). */
const bulkClearSchema = z.strictObject({ action: z.literal('clear'), ipAddresses });

/** `POST /api/accounts/:a/subnets/:id/addresses/bulk`: one change to many addresses of one subnet. */
export const bulkAddressSchema = z.discriminatedUnion('action', [bulkSetSchema, bulkClearSchema], {
  error: messages.bulkActionInvalid,
});
export type BulkAddressInput = z.infer<typeof bulkAddressSchema>;
