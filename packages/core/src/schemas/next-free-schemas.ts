import { z } from 'zod';
import { parseCidr } from '../cidr.js';
import { parseAddress } from '../ip-address.js';
import { messages } from '../messages.js';
import { hostnameText, MAX_DESCRIPTION_LENGTH, optionalText } from './common-fields.js';

/** Most addresses one next-free call assigns. */
export const MAX_NEXT_FREE_COUNT = 256;
/** Most prefixes one free-prefixes call answers. */
export const MAX_FREE_PREFIX_COUNT = 256;

/** Statuses a next-free call may assign: an address handed out is in use or reserved, never Available. */
export const ASSIGNED_STATUSES = ['In Use', 'Reserved'] as const;

const countOf = (max: number) =>
  z.coerce
    .number({ error: messages.nextFreeCountInvalid(max) })
    .int(messages.nextFreeCountInvalid(max))
    .min(1, messages.nextFreeCountInvalid(max))
    .max(max, messages.nextFreeCountInvalid(max));

/** An address bounding the search (checked against the subnet by the server). */
const rangeEnd = (what: string) =>
  z
    .string()
    .trim()
    .max(60, messages.rangeAddressInvalid)
    .refine((text) => parseAddress(text)?.zone === null, messages.rangeAddressInvalid)
    .optional()
    .describe(
      `${what} address of the range to take addresses from, inside the subnet (default: the subnet's ${what.toLowerCase()})`,
    );

/** `POST /api/accounts/:a/subnets/:id/addresses/next`: what the assigned addresses are written with. */
export const nextFreeSchema = z.strictObject({
  status: z.enum(ASSIGNED_STATUSES, { error: messages.assignedStatusInvalid }).default('In Use'),
  hostname: hostnameText().default(''),
  description: optionalText('Description', MAX_DESCRIPTION_LENGTH).default(''),
  count: countOf(MAX_NEXT_FREE_COUNT).default(1),
  from: rangeEnd('First'),
  to: rangeEnd('Last'),
});
export type NextFreeInput = z.infer<typeof nextFreeSchema>;

/** What a call without a body assigns: one address In Use, nothing else filled in. */
export const NEXT_FREE_DEFAULTS: NextFreeInput = nextFreeSchema.parse({});

/** The route's body: the fields, or no body at all (`curl -X POST` with a token is enough). */
export const nextFreeBody = nextFreeSchema.nullish();

/** `GET /api/accounts/:a/groups/:id/free-prefixes?length=26[&within=10.0.0.0/16][&count=]`. */
export const freePrefixesQuery = z.strictObject({
  length: z.coerce
    .number({ error: messages.prefixLengthInvalid })
    .int(messages.prefixLengthInvalid)
    .min(0, messages.prefixLengthInvalid)
    .max(128, messages.prefixLengthInvalid),
  within: z
    .string()
    .trim()
    .max(60, messages.withinInvalid)
    .refine((text) => parseCidr(text) !== null, messages.withinInvalid)
    .optional()
    .describe(
      "the range to search, such as a container's prefix; default: the smallest prefix holding the group's subnets",
    ),
  vrfId: z
    .string()
    .trim()
    .max(100, messages.vrfNotFound)
    .optional()
    .describe("the VRF whose subnets are taken; default: the account's Global VRF"),
  count: countOf(MAX_FREE_PREFIX_COUNT).default(1),
});
export type FreePrefixesQuery = z.infer<typeof freePrefixesQuery>;
