import { z } from 'zod';
import { vrfIdSchema } from './subnet-schemas.js';
import { parseCidr } from '../cidr.js';
import { parseAddress } from '../ip-address.js';
import { messages } from '../messages.js';
import { checkPlanSubnet } from '../subnet-warnings.js';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  MAX_VLAN_ID,
  flag,
  optionalText,
  requiredText,
} from './common-fields.js';

export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 20;

/** Tags: trimmed, lower-cased, empty ones dropped, duplicates merged; at most 10 of 20 characters. */
const tags = z
  .array(
    z
      .string({ error: messages.mustBeText('Tag') })
      .trim()
      .toLowerCase()
      .max(MAX_TAG_LENGTH, messages.tagTooLong)
      .refine((tag) => !tag.includes(','), messages.tagHasComma),
    {
      error: messages.mustBeList('Tags'),
    },
  )
  .transform((list) => [...new Set(list.filter((tag) => tag !== ''))])
  .refine((list) => list.length <= MAX_TAGS, messages.tooManyTags);

export const PLAN_TEMPLATES = ['blank', 'corporate', 'datacenter', 'campus'] as const;

const settingsFields = {
  autoCalculateDetails: flag('Auto-calculate details'),
  validateOverlaps: flag('Validate overlaps'),
  showUtilization: flag('Show utilization'),
  defaultIPVersion: z.enum(['IPv4', 'IPv6'], { error: messages.mustBeText('Default IP version') }),
};
const defaultSettings = {
  autoCalculateDetails: true,
  validateOverlaps: true,
  showUtilization: true,
  defaultIPVersion: 'IPv4',
} as const;

const planName = requiredText(messages.planNameRequired, 'Plan name', MAX_NAME_LENGTH);
const planDescription = optionalText('Description', MAX_DESCRIPTION_LENGTH);

/** `POST /api/accounts/:a/plans`: name, description, tags, settings, optionally a template to start from. */
export const planCreateSchema = z.strictObject({
  /** Copies the subnets of one of the account's plans marked isTemplate (PL-74). */
  fromPlanId: optionalText('Template plan', 100).optional(),
  name: planName,
  description: planDescription.default(''),
  tags: tags.default([]),
  settings: z.strictObject(settingsFields).default(defaultSettings),
  isTemplate: flag('Template').default(false),
  template: z.enum(PLAN_TEMPLATES, { error: messages.mustBeText('Template') }).optional(),
});
export type PlanCreateInput = z.infer<typeof planCreateSchema>;

/**
 * The plan version a write was based on (PL-20): when given and the plan has moved on, the write is
 * refused with 409 version_conflict. The web app always sends it.
 */
const expectedVersion = z
  .number({ error: messages.expectedVersionInvalid })
  .int(messages.expectedVersionInvalid)
  .min(1, messages.expectedVersionInvalid)
  .optional();

/** `PATCH /api/accounts/:a/plans/:id`: any of name, description, tags, settings (each setting alone). */
export const planUpdateSchema = z.strictObject({
  expectedVersion,
  name: planName.optional(),
  description: planDescription.optional(),
  tags: tags.optional(),
  settings: z.strictObject(settingsFields).partial().optional(),
  isTemplate: flag('Template').optional(),
});
export type PlanUpdateInput = z.infer<typeof planUpdateSchema>;

export const PLAN_SUBNET_STATUSES = ['active', 'planned', 'deprecated', 'subdivided'] as const;
export const MAX_VLAN_NAME_LENGTH = 50;
export const MAX_RESERVED_ADDRESSES = 256;
/** Planned growth in percent: the default of a new planned subnet and the most it may be. */
export const DEFAULT_PLANNED_GROWTH = 25;
export const MAX_PLANNED_GROWTH = 500;

/** Planning's fields as a client may send them (PL-2); the defaults are added where a subnet is created. */
const planningFields = {
  currentHosts: z
    .number({ error: messages.currentHostsWhole })
    .int(messages.currentHostsWhole)
    .min(0, messages.currentHostsMin),
  plannedGrowth: z
    .number({ error: messages.plannedGrowthRange })
    .min(0, messages.plannedGrowthRange)
    .max(MAX_PLANNED_GROWTH, messages.plannedGrowthRange),
  notes: optionalText('Notes', MAX_DESCRIPTION_LENGTH),
};

/** PL-2: a subnet's planning; a field left out takes its default (0 hosts, 25 % growth, no notes). */
const planning = z.strictObject({
  currentHosts: planningFields.currentHosts.default(0),
  plannedGrowth: planningFields.plannedGrowth.default(DEFAULT_PLANNED_GROWTH),
  notes: planningFields.notes.default(''),
});

const planSubnetFields = {
  name: requiredText(messages.subnetNameRequired, 'Subnet name', MAX_NAME_LENGTH),
  description: optionalText('Description', MAX_DESCRIPTION_LENGTH),
  ipVersion: z.enum(['IPv4', 'IPv6'], { error: messages.mustBeText('IP version') }),
  networkAddress: requiredText(messages.networkAddressRequired, 'Network address', 45),
  cidr: z.number({ error: messages.cidrRequired }).int(messages.cidrWhole),
  vlan: z
    .strictObject({
      id: z
        .number({ error: messages.vlanIdRange })
        .int(messages.vlanIdRange)
        .min(1, messages.vlanIdRange)
        .max(MAX_VLAN_ID, messages.vlanIdRange),
      name: optionalText('VLAN name', MAX_VLAN_NAME_LENGTH).optional(),
      description: optionalText('VLAN description', MAX_DESCRIPTION_LENGTH).default(''),
    })
    .transform((vlan) => ({ ...vlan, name: vlan.name || `VLAN_${vlan.id}` }))
    .nullable(),
  reservedAddresses: z
    .array(
      z.strictObject({
        // Format and position are checked with the other plan subnet rules (checkPlanSubnet).
        address: optionalText('Reserved address', 45),
        type: optionalText('Reserved address type', MAX_VLAN_NAME_LENGTH).default(''),
      }),
      { error: messages.mustBeList('Reserved addresses') },
    )
    .max(MAX_RESERVED_ADDRESSES, messages.tooManyItems('Reserved addresses', MAX_RESERVED_ADDRESSES)),
  parentSubnetId: optionalText('Parent subnet', 100).nullable(),
  status: z.enum(PLAN_SUBNET_STATUSES, { error: messages.mustBeText('Status') }),
};

/** `POST /api/accounts/:a/plans/:id/subnets`: a planned subnet, its address checked against its version. */
export const planSubnetSchema = z
  .strictObject({
    ...planSubnetFields,
    expectedVersion,
    description: planSubnetFields.description.default(''),
    ipVersion: planSubnetFields.ipVersion.default('IPv4'),
    vlan: planSubnetFields.vlan.default(null),
    reservedAddresses: planSubnetFields.reservedAddresses.default([]),
    parentSubnetId: planSubnetFields.parentSubnetId.default(null),
    planning: planning.default({ currentHosts: 0, plannedGrowth: DEFAULT_PLANNED_GROWTH, notes: '' }),
    status: planSubnetFields.status.default('active'),
  })
  .superRefine((subnet, ctx) => {
    const version = subnet.ipVersion === 'IPv4' ? 4 : 6;
    if (parseAddress(subnet.networkAddress)?.version !== version || subnet.networkAddress.includes('%')) {
      const message = version === 4 ? messages.invalidIPv4 : messages.invalidIPv6;
      ctx.addIssue({ code: 'custom', path: ['networkAddress'], message });
    }
    const max = version === 4 ? 32 : 128;
    if (subnet.cidr < 1 || subnet.cidr > max) {
      ctx.addIssue({ code: 'custom', path: ['cidr'], message: messages.planCidrRange(max) });
    }
    const prefix = parseCidr(`${subnet.networkAddress}/${subnet.cidr}`);
    if (prefix === null || prefix.version !== version || subnet.cidr < 1) return;
    // The spec's extra subnet errors (hosts beyond the usable ones, bad reserved addresses) block saving.
    const { errors } = checkPlanSubnet({
      prefix,
      currentHosts: subnet.planning.currentHosts,
      reservedAddresses: subnet.reservedAddresses,
    });
    for (const message of errors) ctx.addIssue({ code: 'custom', path: [], message });
  });
export type PlanSubnetInput = z.infer<typeof planSubnetSchema>;

/**
 * `PATCH /api/accounts/:a/plans/:id/subnets/:sid`: any of the same fields, shape-checked only; the
 * server merges them into the stored subnet and checks the result with planSubnetSchema.
 */
export const planSubnetUpdateSchema = z
  .strictObject({
    ...planSubnetFields,
    // Only the planning fields sent change: the others keep their stored values, not the defaults.
    planning: z.strictObject(planningFields).partial(),
    expectedVersion,
  })
  .partial();
export type PlanSubnetUpdateInput = z.infer<typeof planSubnetUpdateSchema>;

/** Bodyless writes (delete a plan or a subnet, duplicate, validate) may name the version they saw. */
export const planVersionBody = z.strictObject({ expectedVersion }).nullish();

export const SPLIT_NAMINGS = ['numbered', 'network', 'custom'] as const;
export const MAX_SPLIT_PREFIX_LENGTH = 50;

/** `POST /api/accounts/:a/plans/:id/subnets/:sid/split` (PL-15, PL-82 … PL-84). */
export const planSplitSchema = z.strictObject({
  newCidr: z.number({ error: messages.newCidrMustBeLarger }).int(messages.newCidrMustBeLarger),
  naming: z.enum(SPLIT_NAMINGS, { error: messages.splitNamingInvalid }).default('numbered'),
  customPrefix: optionalText('Custom prefix', MAX_SPLIT_PREFIX_LENGTH).default(''),
  keepOriginal: flag('Keep original subnet').default(true),
  inherit: flag('Inherit VLAN and planning settings').default(true),
  expectedVersion,
});
export type PlanSplitInput = z.infer<typeof planSplitSchema>;

export const PLAN_EXPORT_FORMATS = ['csv', 'json', 'xlsx'] as const;
export type PlanExportFormat = (typeof PLAN_EXPORT_FORMATS)[number];

/** A query flag: 'true' or 'false' as text (query strings carry no booleans). */
function queryFlag(label: string, fallback: boolean) {
  return z
    .enum(['true', 'false'], { error: messages.mustBeTrueOrFalse(label) })
    .default(fallback ? 'true' : 'false')
    .transform((text) => text === 'true');
}

/** `GET /api/accounts/:a/plans/:id/export?format=&details=&reserved=&validation=&planning=` (PL-17, PL-87). */
export const planExportQuery = z.strictObject({
  format: z.enum(PLAN_EXPORT_FORMATS, { error: messages.exportFormatInvalid }).default('csv'),
  details: queryFlag('details', true),
  reserved: queryFlag('reserved', true),
  validation: queryFlag('validation', false),
  planning: queryFlag('planning', true),
});
export type PlanExportOptions = z.infer<typeof planExportQuery>;

export const PLAN_HISTORY_PAGE = 50;
export const MAX_PLAN_HISTORY_PAGE = 500;

/** `GET /api/accounts/:a/plans/:id/history?cursor=&limit=` (PL-18). */
export const planHistoryQuery = z.strictObject({
  cursor: optionalText('Cursor', 200).optional(),
  limit: z.coerce
    .number({ error: messages.pageLimitInvalid(MAX_PLAN_HISTORY_PAGE) })
    .int(messages.pageLimitInvalid(MAX_PLAN_HISTORY_PAGE))
    .min(1, messages.pageLimitInvalid(MAX_PLAN_HISTORY_PAGE))
    .max(MAX_PLAN_HISTORY_PAGE, messages.pageLimitInvalid(MAX_PLAN_HISTORY_PAGE))
    .default(PLAN_HISTORY_PAGE),
});

/**
 * `POST /api/accounts/:a/plans/:id/apply` (PL-138): the IPAM group to create the subnets in and which plan
 * subnets (default: every active or planned leaf). `dryRun` previews without writing.
 */
export const planApplySchema = z.strictObject({
  groupId: requiredText(messages.groupRequired, 'Group', 100),
  subnetIds: z
    .array(z.string({ error: messages.mustBeText('Subnet id') }).max(100), {
      error: messages.mustBeList('Subnet ids'),
    })
    .max(10_000, messages.tooManyItems('Subnet ids', 10_000))
    .optional(),
  dryRun: flag('Dry run').default(true),
  expectedVersion,
  vrfId: vrfIdSchema.optional().describe('the VRF to create the subnets in; absent: Global'),
});
export type PlanApplyInput = z.infer<typeof planApplySchema>;
