import { z } from 'zod';
import { statsResponse } from './account.js';
import { exactCount } from './common.js';
import { auditItemResponse } from './ipam.js';

/** Host addresses of one IP version across the account's subnets, by status (never-written ones are Available). */
export const addressTotalsResponse = z.object({
  version: z.union([z.literal(4), z.literal(6)]),
  subnets: z.number().int().describe('leaf subnets (containers hold no addresses of their own)'),
  total: exactCount.describe(
    "host addresses the account's leaf subnets of this version list (decimal text past 2^53)",
  ),
  inUse: z.number().int(),
  reserved: z.number().int(),
  available: exactCount.describe('listed addresses neither In Use nor Reserved (decimal text past 2^53)'),
});
export type AddressTotals = z.infer<typeof addressTotalsResponse>;

/** One of the fullest subnets: its use, and the spec's 80 % / 90 % warning when it applies. */
export const subnetUsageResponse = z.object({
  id: z.string(),
  name: z.string(),
  cidr: z.string(),
  vrfName: z.string().describe('the VRF it belongs to (Global unless the account made others)'),
  groupId: z.string(),
  used: z.number().int().describe('In Use + Reserved'),
  listed: exactCount.describe('host addresses the subnet lists (decimal text past 2^53)'),
  usedPercent: z.number().int().describe('used over listed, rounded (the IP view\'s "% Used")'),
  warning: z
    .object({ type: z.enum(['HIGH_UTILIZATION', 'VERY_HIGH_UTILIZATION']), message: z.string() })
    .nullable(),
});
export type SubnetUsage = z.infer<typeof subnetUsageResponse>;

/** Pending approval entries of one subnet. */
export const pendingApprovalsResponse = z.object({
  subnetId: z.string(),
  name: z.string(),
  cidr: z.string(),
  count: z.number().int(),
});
export type PendingApprovals = z.infer<typeof pendingApprovalsResponse>;

/** An address no scanner has seen for its subnet's "stale after" days (issue 33). */
export const staleAddressResponse = z.object({
  ipAddress: z.string(),
  hostname: z.string(),
  lastSeen: z.string().describe('when a scanner last found it alive'),
  subnetId: z.string(),
  subnetName: z.string(),
  cidr: z.string(),
});
export type StaleAddress = z.infer<typeof staleAddressResponse>;

/** GET /api/accounts/:a/dashboard: the spec's three cards and what an administrator checks first. */
export const dashboardResponse = statsResponse.extend({
  addressTotals: z
    .array(addressTotalsResponse)
    .describe('one entry per IP version the account has subnets of'),
  fullestSubnets: z.array(subnetUsageResponse).describe('the fullest subnets first, at most 5'),
  pendingApprovals: z.object({
    total: z.number().int(),
    subnets: z
      .array(pendingApprovalsResponse)
      .describe('subnets with pending entries, most first, at most 5'),
  }),
  latestChanges: z.array(auditItemResponse).describe('the newest audit log entries, at most 8'),
  staleAddresses: z.object({
    total: z.number().int().describe('stale addresses of the subnets that mark them'),
    items: z.array(staleAddressResponse).describe('the longest unseen first, at most 10'),
  }),
});
export type Dashboard = z.infer<typeof dashboardResponse>;
