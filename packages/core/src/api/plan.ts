import { z } from 'zod';
import { PLAN_SUBNET_STATUSES } from '../schemas/plan-schemas.js';

/**
 * The network planner's HTTP contract (planner requirements PL-1 … PL-18, PL-138). Counts that can pass
 * 2^53 (usable and total hosts, gap sizes) are decimal strings for both IP versions, so a client reads one
 * type whatever the version.
 */

const ipVersion = z.enum(['IPv4', 'IPv6']);

/** A plan's settings (PL-1, PL-51). */
export const planSettingsResponse = z.object({
  autoCalculateDetails: z.boolean(),
  validateOverlaps: z.boolean(),
  showUtilization: z.boolean(),
  defaultIPVersion: ipVersion,
});
export type PlanSettings = z.infer<typeof planSettingsResponse>;

/** One planned subnet with the fields the server derives on every write (PL-2, PL-4). */
export const planSubnetResponse = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  ipVersion,
  networkAddress: z.string().describe('canonical: dotted IPv4, RFC 5952 IPv6'),
  cidr: z.number().int(),
  vlan: z.object({ id: z.number().int(), name: z.string(), description: z.string() }).nullable(),
  reservedAddresses: z.array(z.object({ address: z.string(), type: z.string() })),
  parentSubnetId: z.string().nullable(),
  childSubnetIds: z.array(z.string()).describe('derived, in address order'),
  level: z.number().int().describe('0 at the top, parent level + 1'),
  planning: z.object({
    currentHosts: z.number().int(),
    plannedGrowth: z.number(),
    recommendedSize: z.string().describe("derived: '/n' for the hosts with growth"),
    notes: z.string(),
  }),
  status: z.enum(PLAN_SUBNET_STATUSES),
  validationResults: z.object({
    isValid: z.boolean(),
    warnings: z.array(z.object({ type: z.string(), message: z.string() })),
    errors: z.array(z.string()),
  }),
  details: z.object({
    usableHosts: z.string().describe('decimal; RFC 3021 for IPv4 /31 and /32'),
    totalHosts: z.string().describe('decimal: every address of the prefix'),
    broadcastAddress: z.string().nullable().describe('null for IPv4 /31, /32 and every IPv6 subnet'),
    subnetMask: z.string(),
    utilization: z.object({ percentage: z.number().describe('currentHosts over usableHosts, one decimal') }),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlanSubnet = z.infer<typeof planSubnetResponse>;

const overlapSide = z.object({ id: z.string(), name: z.string(), network: z.string().describe('addr/cidr') });

/** The stored result of validating a plan (PL-27 … PL-31). */
export const planValidationResponse = z.object({
  isValid: z.boolean().describe('no overlaps and no subnet with errors'),
  lastValidated: z.string(),
  overlaps: z.array(
    z.object({
      subnet1: overlapSide.describe('the container for a complete overlap'),
      subnet2: overlapSide,
      overlapType: z.enum(['complete', 'partial']),
      isDuplicate: z.boolean(),
    }),
  ),
  gaps: z.array(
    z.object({
      type: z.enum(['between_subnets', 'unallocated_in_parent']),
      version: ipVersion,
      startAddress: z.string(),
      endAddress: z.string(),
      size: z.string().describe('decimal'),
      beforeSubnet: z.string().describe('the subnet before the gap; the parent for unallocated_in_parent'),
      afterSubnet: z.string().nullable().describe('the subnet after the gap; null inside a parent'),
    }),
  ),
  warnings: z.array(z.object({ subnetId: z.string(), type: z.string(), message: z.string() })),
  recommendations: z.array(z.object({ subnetId: z.string(), type: z.string(), suggestion: z.string() })),
});
export type PlanValidation = z.infer<typeof planValidationResponse>;

const planFields = {
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  settings: planSettingsResponse,
  isTemplate: z.boolean(),
  version: z.number().int().describe('starts at 1, +1 on every write (not on validation)'),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable().describe('user id'),
};

/** A plan in the list: no subnets, their count and the last validation in brief (PL-6). */
export const planSummaryResponse = z.object({
  ...planFields,
  subnetCount: z.number().int(),
  validationSummary: z
    .object({
      lastValidated: z.string(),
      isValid: z.boolean(),
      overlapCount: z.number().int(),
      warningCount: z.number().int(),
    })
    .nullable()
    .describe('null until the plan is validated'),
});
export type PlanSummary = z.infer<typeof planSummaryResponse>;

/** A whole plan: subnets in tree order (parents first, siblings by address, IPv4 first) (PL-8). */
export const planResponse = z.object({
  ...planFields,
  subnets: z.array(planSubnetResponse),
  planValidation: planValidationResponse.nullable(),
});
export type Plan = z.infer<typeof planResponse>;

/** The answer of a split (PL-15): the kept parent (null when it was removed) and the new children. */
export const planSplitResponse = z.object({
  parent: planSubnetResponse.nullable(),
  children: z.array(planSubnetResponse),
  childIds: z.array(z.string()),
});
export type PlanSplit = z.infer<typeof planSplitResponse>;

/** History actions (PL-75). */
export const PLAN_CHANGE_ACTIONS = [
  'create_plan',
  'update_plan',
  'apply_template',
  'duplicate_plan',
  'add_subnet',
  'update_subnet',
  'delete_subnet',
  'split_subnet',
  'apply_to_ipam',
] as const;
export type PlanChangeAction = (typeof PLAN_CHANGE_ACTIONS)[number];

/** One entry of a plan's change history (PL-3, PL-75). */
export const planChangeResponse = z.object({
  id: z.string(),
  timestamp: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  action: z.enum(PLAN_CHANGE_ACTIONS),
  description: z.string(),
  oldValue: z.unknown().nullable(),
  newValue: z.unknown().nullable(),
  affectedSubnetIds: z.array(z.string()),
});
export type PlanChange = z.infer<typeof planChangeResponse>;

/** A page of history, newest first (PL-18). */
export const planHistoryPageResponse = z.object({
  items: z.array(planChangeResponse),
  nextCursor: z.string().nullable(),
});

/** What applying one plan subnet to IPAM would do (PL-138). */
export const APPLY_OUTCOMES = [
  'create',
  'exists',
  'overlaps',
  'over_limit',
  'not_in_tier',
  'invalid',
] as const;
export type ApplyOutcome = (typeof APPLY_OUTCOMES)[number];

/** The preview (dryRun) or the result of applying a plan to IPAM (PL-138). */
export const planApplyResponse = z.object({
  dryRun: z.boolean(),
  items: z.array(
    z.object({
      planSubnetId: z.string(),
      name: z.string(),
      network: z.string().describe('addr/cidr'),
      ipVersion,
      outcome: z.enum(APPLY_OUTCOMES),
      message: z.string().describe("what the preview says: 'will create', 'exists already', why not"),
      subnetId: z.string().nullable().describe('the IPAM subnet created, or the existing one'),
    }),
  ),
  created: z.number().int().describe('IPAM subnets created (0 on a dry run)'),
});
export type PlanApply = z.infer<typeof planApplyResponse>;
