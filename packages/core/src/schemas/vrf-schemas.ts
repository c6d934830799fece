import { z } from 'zod';
import { parseIPv4 } from '../ipv4.js';
import { messages } from '../messages.js';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH, optionalText, requiredText } from './common-fields.js';

/** Most VRFs one account may hold (issue 30); the list is answered whole, so it stays bounded. */
export const MAX_VRFS_PER_ACCOUNT = 1000;

/** The VRF every account has, which holds subnets created without a VRF and cannot be deleted. */
export const DEFAULT_VRF_NAME = 'Global';

const MAX_UINT16 = 65_535;
const MAX_UINT32 = 4_294_967_295;

function wholeNumber(text: string, max: number): boolean {
  return /^\d{1,10}$/.test(text) && Number(text) <= max;
}

/**
 * Whether text is a route distinguisher in one of RFC 4364's three forms: a 2-byte AS number with a
 * 4-byte assigned number (`65000:1`), a 4-byte AS number with a 2-byte one (`4200000000:7`), or an
 * IPv4 address with a 2-byte one (`192.0.2.1:7`).
 */
export function isRouteDistinguisher(text: string): boolean {
  const colon = text.lastIndexOf(':');
  if (colon <= 0) return false;
  const administrator = text.slice(0, colon);
  const assigned = text.slice(colon + 1);
  if (administrator.includes('.'))
    return parseIPv4(administrator) !== null && wholeNumber(assigned, MAX_UINT16);
  if (!wholeNumber(administrator, MAX_UINT32)) return false;
  return wholeNumber(assigned, Number(administrator) <= MAX_UINT16 ? MAX_UINT32 : MAX_UINT16);
}

const name = requiredText(messages.vrfNameRequired, 'VRF name', MAX_NAME_LENGTH);
const description = optionalText('Description', MAX_DESCRIPTION_LENGTH);
/** An optional route distinguisher; empty text or null both mean none, given as null. */
const rd = z
  .string({ error: messages.vrfRdInvalid })
  .trim()
  .max(40, messages.vrfRdInvalid)
  .refine((text) => text === '' || isRouteDistinguisher(text), messages.vrfRdInvalid)
  .nullable()
  .transform((text) => (text === '' ? null : text));

/** `POST /api/accounts/:a/vrfs`: a name unique in the account, an optional route distinguisher. */
export const vrfCreateSchema = z.strictObject({
  name,
  rd: rd.default(null),
  description: description.default(''),
});
export type VrfCreateInput = z.infer<typeof vrfCreateSchema>;

/** `PATCH /api/accounts/:a/vrfs/:id`: any of the same fields; absent ones stay as they are. */
export const vrfUpdateSchema = z.strictObject({
  name: name.optional(),
  rd: rd.optional(),
  description: description.optional(),
});
export type VrfUpdateInput = z.infer<typeof vrfUpdateSchema>;
