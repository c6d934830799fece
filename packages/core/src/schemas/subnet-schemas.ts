import { z } from 'zod';
import { messages } from '../messages.js';
import {
  ipv4AddressText,
  ipv6AddressText,
  MAX_DESCRIPTION_LENGTH,
  MAX_ID_LENGTH,
  MAX_NAME_LENGTH,
  optionalText,
  requiredText,
  scanFrequencySchema,
  scanningTypeSchema,
  staleAfterDaysSchema,
  vlanIdSchema,
  type ScanningType,
} from './common-fields.js';

const name = requiredText(messages.subnetNameRequired, 'Subnet name', MAX_NAME_LENGTH);
const description = optionalText('Description', MAX_DESCRIPTION_LENGTH);
const groupId = requiredText(messages.groupRequired, 'Group', MAX_ID_LENGTH);

/** A subnet holds addresses (leaf, the spec's kind) or other subnets (container). */
export const SUBNET_KINDS = ['leaf', 'container'] as const;
export type SubnetKind = (typeof SUBNET_KINDS)[number];
export const subnetKindSchema = z.enum(SUBNET_KINDS, { error: messages.subnetKindInvalid });

/** The subnet's VRF; absent, empty or null all mean the account's Global VRF, given as null. */
export const vrfIdSchema = z
  .string({ error: messages.mustBeText('VRF') })
  .trim()
  .max(MAX_ID_LENGTH, messages.vrfNotFound)
  .nullable()
  .transform((id) => (id === '' ? null : id));

/**
 * The spec's scanning rule, shared by create and update: approval and auto need a frequency, and for
 * none the frequency is stored as null whatever was sent.
 */
function checkScanFrequency(
  value: { scanningType?: ScanningType | undefined; scanFrequency?: number | null | undefined },
  ctx: z.RefinementCtx,
  isUpdate: boolean,
): void {
  const { scanningType, scanFrequency } = value;
  if (scanningType === undefined || scanningType === 'none') return;
  // On update an absent frequency keeps the stored one; an explicit null is a request to clear it.
  if (scanFrequency === null || (scanFrequency === undefined && !isUpdate)) {
    ctx.addIssue({ code: 'custom', path: ['scanFrequency'], message: messages.scanFrequencyRequired });
  }
}

/** The frequency to store: null when not scanning (or none given), else the one sent. */
function storedFrequency(value: { scanningType: ScanningType; scanFrequency?: number | null | undefined }) {
  return value.scanningType === 'none' ? null : (value.scanFrequency ?? null);
}

const createFields = {
  name,
  vlanId: vlanIdSchema,
  description: description.default(''),
  groupId,
  scanningType: scanningTypeSchema.default('none'),
  scanFrequency: scanFrequencySchema.optional(),
  vrfId: vrfIdSchema.default(null),
  kind: subnetKindSchema.default('leaf'),
  staleAfterDays: staleAfterDaysSchema.default(null),
};

/** `POST /api/accounts/:a/subnets` for IPv4: networkIP plus bits (0–32). */
export const ipv4SubnetCreateSchema = z
  .strictObject({
    ...createFields,
    networkIP: ipv4AddressText(messages.networkIpRequired, messages.invalidIPv4),
    bits: z
      .number({ error: messages.bitsRequired })
      .int(messages.invalidCidrBits)
      .min(0, messages.ipv4CidrRange)
      .max(32, messages.ipv4CidrRange),
  })
  .superRefine((value, ctx) => checkScanFrequency(value, ctx, false))
  .transform((value) => ({ ...value, scanFrequency: storedFrequency(value) }));
export type IPv4SubnetCreateInput = z.infer<typeof ipv4SubnetCreateSchema>;

/** `POST /api/accounts/:a/subnets` for IPv6: networkIP plus prefixLength (0–128). */
export const ipv6SubnetCreateSchema = z
  .strictObject({
    ...createFields,
    networkIP: ipv6AddressText(messages.networkIpRequired, messages.invalidIPv6),
    prefixLength: z
      .number({ error: messages.prefixLengthRequired })
      .int(messages.invalidPrefixLength)
      .min(0, messages.ipv6CidrRange)
      .max(128, messages.ipv6CidrRange),
  })
  .superRefine((value, ctx) => checkScanFrequency(value, ctx, false))
  .transform((value) => ({ ...value, scanFrequency: storedFrequency(value) }));
export type IPv6SubnetCreateInput = z.infer<typeof ipv6SubnetCreateSchema>;

/**
 * `POST /api/accounts/:a/subnets/next`: the first free aligned child of `prefixLength` inside the
 * container `parentId` (its VRF and version), created at once with the other fields.
 */
export const subnetNextSchema = z
  .strictObject({
    ...createFields,
    parentId: requiredText(messages.parentNotContainer, 'Parent', MAX_ID_LENGTH),
    prefixLength: z
      .number({ error: messages.prefixLengthRequired })
      .int(messages.invalidPrefixLength)
      .min(0, messages.prefixLengthInvalid)
      .max(128, messages.prefixLengthInvalid),
  })
  .omit({ vrfId: true })
  .superRefine((value, ctx) => checkScanFrequency(value, ctx, false))
  .transform((value) => ({ ...value, scanFrequency: storedFrequency(value) }));
export type SubnetNextInput = z.infer<typeof subnetNextSchema>;

/**
 * `PATCH /api/accounts/:a/subnets/:id`: the editable fields only. Network address and prefix are fixed
 * after creation, so networkIP, bits and prefixLength are refused like any unknown field.
 */
export const subnetUpdateSchema = z
  .strictObject({
    name: name.optional(),
    vlanId: vlanIdSchema.optional(),
    description: description.optional(),
    groupId: groupId.optional(),
    scanningType: scanningTypeSchema.optional(),
    scanFrequency: scanFrequencySchema.optional(),
    staleAfterDays: staleAfterDaysSchema.optional(),
  })
  .superRefine((value, ctx) => checkScanFrequency(value, ctx, true))
  .transform((value) => (value.scanningType === 'none' ? { ...value, scanFrequency: null } : value));
export type SubnetUpdateInput = z.infer<typeof subnetUpdateSchema>;

/**
 * `GET /api/accounts/:a/subnets` narrowed, so a client can read a large account level by level:
 * `parentId` = a container's id for its children, or `none` for the subnets at the top; `vrfId` one
 * VRF's. Without them the whole list comes, as before.
 */
export const subnetListQuery = z.strictObject({
  parentId: z
    .string()
    .trim()
    .max(MAX_ID_LENGTH, messages.invalidRequest)
    .optional()
    .describe("a container's id: its children; none: the subnets no container holds"),
  vrfId: z.string().trim().max(MAX_ID_LENGTH, messages.invalidRequest).optional().describe('one VRF only'),
});
export type SubnetListQuery = z.infer<typeof subnetListQuery>;
