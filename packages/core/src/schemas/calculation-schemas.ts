import { z } from 'zod';
import { parseIPv4 } from '../ipv4.js';
import { parseIPv6 } from '../ipv6.js';
import { parseIPv4Mask, parseIPv6PrefixLength } from '../mask.js';
import { messages } from '../messages.js';
import { MAX_ADDRESS_LENGTH } from './common-fields.js';

/** Longest mask text: a dotted mask is 15 characters. */
const MAX_MASK_LENGTH = 15;

/**
 * `POST /api/accounts/:a/calculations/ipv4`: the address and mask as typed (`/24`, `24` or
 * `255.255.255.0`). The server computes cidr and calculationResult itself, so a stored result always
 * matches its inputs.
 */
export const ipv4CalculationCreateSchema = z.strictObject({
  ipAddress: z
    .string({ error: messages.invalidIPv4Format })
    .trim()
    .max(MAX_ADDRESS_LENGTH, messages.invalidIPv4Format)
    .refine((text) => parseIPv4(text) !== null, messages.invalidIPv4Format),
  subnetMask: z
    .string({ error: messages.invalidSubnetMask })
    .trim()
    .max(MAX_MASK_LENGTH, messages.invalidSubnetMask)
    .refine((text) => parseIPv4Mask(text) !== null, messages.invalidSubnetMask),
});
export type IPv4CalculationCreateInput = z.infer<typeof ipv4CalculationCreateSchema>;

/**
 * `POST /api/accounts/:a/calculations/ipv6`: the address (a zone index is allowed, the calculator shows
 * it) and the prefix length as typed (`/64` or `64`, a number is taken as typed too); the server adds
 * prefixLengthNumber and calculationResult.
 */
export const ipv6CalculationCreateSchema = z.strictObject({
  ipAddress: z
    .string({ error: messages.invalidIPv6Format })
    .trim()
    .max(MAX_ADDRESS_LENGTH + 20, messages.invalidIPv6Format)
    .refine((text) => parseIPv6(text) !== null, messages.invalidIPv6Format),
  prefixLength: z
    .union(
      [
        z.string().trim().max(4, messages.invalidIPv6PrefixLength),
        z.number().int(messages.invalidIPv6PrefixLength),
      ],
      {
        error: messages.invalidIPv6PrefixLength,
      },
    )
    .transform((value) => String(value))
    .refine((text) => parseIPv6PrefixLength(text) !== null, messages.invalidIPv6PrefixLength),
});
export type IPv6CalculationCreateInput = z.infer<typeof ipv6CalculationCreateSchema>;
