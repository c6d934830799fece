import { z } from 'zod';
import { ADDRESS_STATUSES } from '../schemas/address-schemas.js';
import { SCANNING_TYPES } from '../schemas/common-fields.js';
import { SUBNET_KINDS } from '../schemas/subnet-schemas.js';

/** A group; `parentId` is '' at the top level (the spec's "empty"). */
export const groupResponse = z.object({
  id: z.string(),
  parentId: z.string().describe("the parent group's id, '' at the top level"),
  name: z.string(),
  description: z.string(),
  updatedDate: z.string(),
  updatedBy: z.string().nullable().describe('user id of the last change'),
});
export type Group = z.infer<typeof groupResponse>;

/** A VRF (routing domain): every subnet belongs to one; the Global VRF (`isDefault`) cannot be deleted. */
export const vrfResponse = z.object({
  id: z.string(),
  name: z.string(),
  rd: z.string().nullable().describe('route distinguisher, such as 65000:1 or 192.0.2.1:7'),
  description: z.string(),
  isDefault: z.boolean().describe('the Global VRF: holds subnets created without a VRF'),
  subnetCount: z.number().int(),
  updatedDate: z.string(),
  updatedBy: z.string().nullable().describe('user id of the last change'),
});
export type Vrf = z.infer<typeof vrfResponse>;

const subnetFields = {
  id: z.string(),
  name: z.string(),
  vlanId: z.number().int(),
  description: z.string(),
  groupId: z.string(),
  networkIP: z.string().describe('host bits cleared; IPv6 in RFC 5952 form'),
  scanningType: z.enum(SCANNING_TYPES),
  scanFrequency: z.number().int().nullable().describe('hours; null when scanning is none'),
  lastScanned: z.string().nullable(),
  scanNow: z.boolean(),
  updatedDate: z.string(),
  updatedBy: z.string().nullable().describe('user id of the last change'),
  vrfId: z.string().describe('the VRF (routing domain) it belongs to; overlap rules hold within a VRF'),
  kind: z.enum(SUBNET_KINDS).describe('leaf: holds addresses; container: holds subnets inside it'),
  parentId: z
    .string()
    .nullable()
    .describe('derived: the smallest container of the same VRF and version holding it; null at the top'),
  staleAfterDays: z
    .number()
    .int()
    .nullable()
    .describe('days after which an address no scanner has seen is shown as stale; null: not marked'),
};

/** An IPv4 subnet: its prefix length is `bits` (the spec's name). */
export const ipv4SubnetResponse = z.object({
  ...subnetFields,
  version: z.literal(4),
  bits: z.number().int().describe('IPv4 prefix length'),
});

/** An IPv6 subnet: its prefix length is `prefixLength` (the spec's name). */
export const ipv6SubnetResponse = z.object({
  ...subnetFields,
  version: z.literal(6),
  prefixLength: z.number().int().describe('IPv6 prefix length'),
});

/** A subnet, told apart by `version`. */
export const subnetResponse = z.discriminatedUnion('version', [ipv4SubnetResponse, ipv6SubnetResponse]);
export type Subnet = z.infer<typeof subnetResponse>;

/** The subnet's prefix length, whichever version it is. */
export function subnetLength(subnet: Subnet): number {
  return subnet.version === 4 ? subnet.bits : subnet.prefixLength;
}

/** "10.0.0.0/24" */
export function subnetCidr(subnet: Subnet): string {
  return `${subnet.networkIP}/${subnetLength(subnet)}`;
}

/** An address of a subnet; a never-written one (a virtual Available row) has `id` null. */
export const addressResponse = z.object({
  id: z
    .string()
    .nullable()
    .describe('null for a never-written address (a virtual Available row); URLs name addresses by ipAddress'),
  ipAddress: z.string().describe('canonical text: dotted IPv4, RFC 5952 IPv6'),
  status: z.enum(ADDRESS_STATUSES),
  hostname: z.string(),
  description: z.string(),
  allowScannerUpdate: z.boolean(),
  updatedDate: z.string().nullable(),
  updatedBy: z
    .string()
    .nullable()
    .describe(
      'who wrote it last: a user id; when no user did, the program (e.g. "scanner HQ"); or the text an imported file gave',
    ),
  mac: z.string().nullable().describe('the hardware address, canonical (aa:bb:cc:dd:ee:ff), or null'),
  firstSeen: z.string().nullable().describe('when a scanner first found it alive'),
  lastSeen: z.string().nullable().describe('when a scanner last found it alive'),
  lastSeenBy: z.string().nullable().describe('the name of the scanner that last found it alive'),
  previousMac: z
    .string()
    .nullable()
    .describe('the MAC it answered with before a scan saw another one; null once a person edits the address'),
  macChangedAt: z.string().nullable().describe('when a scan saw the MAC change (null as previousMac)'),
});
export type Address = z.infer<typeof addressResponse>;

/** One page of a subnet's addresses with the totals after filter and search. */
export const addressPageResponse = z.object({
  items: z.array(addressResponse),
  total: z.number().int().describe('addresses after filter and search'),
  usedPercent: z.number().int().describe('In Use + Reserved over the listed addresses, rounded'),
  usedCount: z
    .number()
    .int()
    .describe('In Use + Reserved addresses of the subnet (for the 80 % / 90 % warnings)'),
  nextCursor: z.string().nullable(),
});
export type AddressPage = z.infer<typeof addressPageResponse>;

/** A pending approval: what a scan saw of one address, and what Confirm writes. */
export const approvalResponse = z.object({
  id: z.string(),
  ipAddress: z.string(),
  status: z.enum(ADDRESS_STATUSES).describe("the address's recorded status when the scan saw it"),
  hostname: z.string().describe('the hostname the scan saw'),
  description: z.string(),
  recommendation: z.enum(ADDRESS_STATUSES).describe('the status Confirm writes to the address'),
  changes: z
    .array(
      z.object({
        field: z.enum(['status', 'hostname', 'mac']),
        now: z.string().describe("the address's value now ('' for none)"),
        confirm: z.string().describe("the value Confirm writes ('' erases it)"),
      }),
    )
    .describe('every field Confirm writes, and no other: a field not listed is kept as it is'),
  seenAlive: z.boolean().nullable().describe('whether the scan found the host alive (null: not recorded)'),
  seenHostname: z.string().nullable().describe('the name the scan saw (empty: none)'),
  seenMac: z.string().nullable().describe('the MAC the scan saw (null: none)'),
  seenAt: z.string().nullable().describe('when the scan saw it'),
  seenBy: z.string().nullable().describe("the scanner's name"),
});
export type Approval = z.infer<typeof approvalResponse>;

/** One change in the audit log: who (a user, or an `actor` such as a scanner), when, what, before and after. */
export const auditItemResponse = z.object({
  id: z.string(),
  at: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  actor: z.string().nullable().describe('who acted when no user did, e.g. "scanner HQ"'),
  action: z.string().describe('create, update, delete or import (one entry for a whole file)'),
  entity: z.string().describe('group, subnet, address, approval, approval-confirmed, ...'),
  entityId: z.string().describe('the object id; for an address its IP address'),
  subnetId: z.string().nullable(),
  before: z.unknown().describe('the object before the change (null for a create)'),
  after: z.unknown().describe('the object after the change (null for a delete)'),
  names: z
    .record(z.string(), z.string())
    .describe(
      'display names, by id, of the groups, VRFs, subnets, scanners, plans and invitations the entry names by id, as they are now (a removed one is absent)',
    ),
});
export type AuditItem = z.infer<typeof auditItemResponse>;

/** A page of the audit log, newest first. */
export const auditPageResponse = z.object({
  items: z.array(auditItemResponse),
  nextCursor: z.string().nullable(),
});

/** `GET …/addresses/lookup`: the leaf subnet holding the address in each VRF, with the address there. */
export const addressLookupResponse = z.object({
  ipAddress: z.string().describe('the address in canonical form'),
  items: z
    .array(z.object({ vrfName: z.string(), subnet: subnetResponse, address: addressResponse }))
    .describe('one per VRF whose subnets hold it (at most one leaf per VRF can), by VRF name'),
});
export type AddressLookup = z.infer<typeof addressLookupResponse>;
