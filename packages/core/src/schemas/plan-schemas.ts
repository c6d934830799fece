import { z } from 'zod';
import { parseCidr } from '../cidr.js';
import { parseAddress } from '../ip-address.js';
import { messages } from '../messages.js';
import { checkPlanSubnet } from '../subnet-warnings.js';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
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
      .max(MAX_TAG_LENGTH, messages.tagTooLong),
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
  name: planName,
  description: planDescription.default(''),
  tags: tags.default([]),
  settings: z.strictObject(settingsFields).default(defaultSettings),
  isTemplate: flag('Template').default(false),
  template: z.enum(PLAN_TEMPLATES, { error: messages.mustBeText('Template') }).optional(),
});
export type PlanCreateInput = z.infer<typeof planCreateSchema>;

/** `PATCH /api/accounts/:a/plans/:id`: any of name, description, tags, settings (each setting alone). */
export const planUpdateSchema = z.strictObject({
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

const planSubnetFields = {
  name: requiredText(messages.subnetNameRequired, 'Subnet name', MAX_NAME_LENGTH),
  description: optionalText('Description', MAX_DESCRIPTION_LENGTH),
  ipVersion: z.enum(['IPv4', 'IPv6'], { error: messages.mustBeText('IP version') }),
  networkAddress: requiredText(messages.networkAddressRequired, 'Network address', 45),
  cidr: z.number({ error: messages.cidrRequired }).int(messages.planCidrRange(128)),
  vlan: z
    .strictObject({
      id: z
        .number({ error: messages.vlanIdRange })
        .int(messages.vlanIdRange)
        .min(1, messages.vlanIdRange)
        .max(4094, messages.vlanIdRange),
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
  planning: z.strictObject({
    currentHosts: z
      .number({ error: messages.currentHostsMin })
      .int(messages.currentHostsMin)
      .min(0, messages.currentHostsMin),
    plannedGrowth: z
      .number({ error: messages.plannedGrowthRange })
      .min(0, messages.plannedGrowthRange)
      .max(500, messages.plannedGrowthRange)
      .default(25),
    notes: optionalText('Notes', MAX_DESCRIPTION_LENGTH).default(''),
  }),
  status: z.enum(PLAN_SUBNET_STATUSES, { error: messages.mustBeText('Status') }),
};

/** `POST /api/accounts/:a/plans/:id/subnets`: a planned subnet, its address checked against its version. */
export const planSubnetSchema = z
  .strictObject({
    ...planSubnetFields,
    description: planSubnetFields.description.default(''),
    ipVersion: planSubnetFields.ipVersion.default('IPv4'),
    vlan: planSubnetFields.vlan.default(null),
    reservedAddresses: planSubnetFields.reservedAddresses.default([]),
    parentSubnetId: planSubnetFields.parentSubnetId.default(null),
    planning: planSubnetFields.planning.default({ currentHosts: 0, plannedGrowth: 25, notes: '' }),
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
export const planSubnetUpdateSchema = z.strictObject(planSubnetFields).partial();
export type PlanSubnetUpdateInput = z.infer<typeof planSubnetUpdateSchema>;
