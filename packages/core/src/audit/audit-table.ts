import {
  choiceValue,
  dateValue,
  daysValue,
  hoursValue,
  ipVersionValue,
  namedValue,
  planningValue,
  planSubnetsValue,
  planVlanValue,
  prefixValue,
  refValue,
  reservedAddressesValue,
  secondsValue,
  tierValue,
  type AuditRefKind,
  type ValueFormat,
} from './audit-values.js';
import { roleLabels } from '../roles.js';
import { SIGN_IN_AUDIT_ENTITIES } from './sign-in-audit-table.js';
import { IDENTITY_AUDIT_ENTITIES } from './identity-audit-table.js';

/** One field of an audited object: how it is labelled and shown. */
export interface AuditField {
  label: string;
  /** How its value reads; absent: plain (text, locale numbers, Yes/No). */
  format?: ValueFormat;
  /** The field holds the id (or ids) of another object: the server resolves them to names. */
  refers?: AuditRefKind;
  /** Bookkeeping that tells the reader nothing: never listed. */
  isHidden?: true;
  /** The summary line names it ("Subnet LAN (10.0.0.0/24) created"): listed only when an edit changes it. */
  isInSummary?: true;
  /** The everyday value ("No Scanning", a leaf) that a create or delete does not list. */
  quiet?: string;
}

/** One kind of audited object (the entry's `entity`). */
export interface AuditEntity {
  /** The object in a sentence: "Subnet", "API token". */
  label: string;
  /** Its fields beyond (or instead of) the common ones. */
  fields: Readonly<Record<string, AuditField>>;
  /** What the entry's entityId is, when it is another object's id (an import's is its subnet's). */
  entityRefers?: AuditRefKind;
  /** The verb of each action where it is not created/changed/deleted. */
  verbs?: Readonly<Partial<Record<string, string>>>;
  /** The sentence where "{label} {name} {verb}" reads badly. */
  phrase?: (name: string | null, verb: string) => string;
  /**
   * The entry records what was seen, not a change: its values are listed as they were, never struck
   * out, in the order of `fields` (what matters most first, for screens that show only a few).
   */
  isRecord?: true;
}

const hidden: AuditField = { label: '', isHidden: true };
/** Fields every kind of object may carry, unless its own table says otherwise. */
export const COMMON_FIELDS: Readonly<Record<string, AuditField>> = {
  id: hidden,
  accountId: hidden,
  createdAt: hidden,
  updatedAt: hidden,
  updatedDate: hidden,
  updatedBy: hidden,
  name: { label: 'Name', isInSummary: true },
  description: { label: 'Description' },
  hostname: { label: 'Hostname' },
  status: { label: 'Status' },
  ipAddress: { label: 'IP address', isInSummary: true },
  email: { label: 'E-mail', isInSummary: true },
};

export const SCANNING_LABELS: Readonly<Record<string, string>> = {
  none: 'No Scanning',
  approval: 'Approval',
  auto: 'Auto',
};

const SUBNET_KIND_LABELS = { leaf: 'Leaf (holds addresses)', container: 'Container (holds subnets)' };
const COVERAGE_LABELS = { sweep: 'Every address', known: 'Known addresses and neighbours' };
const TOKEN_SCOPE_LABELS = { read: 'Read only', write: 'Read and write' };
const CALCULATION_LABELS = { ipv4: 'IPv4', ipv6: 'IPv6' };
const PLAN_STATUS_LABELS = {
  active: 'Active',
  planned: 'Planned',
  deprecated: 'Deprecated',
  subdivided: 'Subdivided',
};

const importCounts: Readonly<Record<string, AuditField>> = {
  rows: { label: 'Rows in the file' },
  create: { label: 'Added' },
  update: { label: 'Updated' },
  unchanged: { label: 'Unchanged' },
  error: { label: 'Refused' },
  source: { label: 'Source' },
  imported: { label: 'Added' },
  updated: { label: 'Updated' },
};

const planSubnetFields: Readonly<Record<string, AuditField>> = {
  planId: { label: 'Plan', refers: 'plan' },
  ipVersion: { label: 'IP version' },
  networkAddress: { label: 'Network address' },
  cidr: { label: 'Prefix length', format: prefixValue },
  vlan: { label: 'VLAN', format: planVlanValue },
  reservedAddresses: { label: 'Reserved addresses', format: reservedAddressesValue },
  parentSubnetId: hidden,
  planning: { label: 'Planning', format: planningValue },
  status: { label: 'Status', format: choiceValue(PLAN_STATUS_LABELS) },
  subnets: { label: 'Subnets removed', format: planSubnetsValue },
  split: hidden,
  keepOriginal: { label: 'Original kept' },
  childCount: { label: 'Subnets made' },
};

/**
 * Every kind of object the audit log names, with its label and fields: the one table History, the
 * Dashboard and anything else that shows a change read. A kind missing here is labelled from its code.
 */
export const AUDIT_ENTITIES: Readonly<Record<string, AuditEntity>> = {
  address: {
    label: 'Address',
    fields: {
      allowScannerUpdate: { label: 'Scanner may update' },
      mac: { label: 'MAC address' },
      firstSeen: { label: 'First seen', format: dateValue },
      lastSeen: { label: 'Last seen', format: dateValue },
      lastSeenBy: { label: 'Seen by' },
      previousMac: { label: 'MAC before the change' },
      macChangedAt: { label: 'MAC changed', format: dateValue },
      ...importCounts,
    },
  },
  // A discovery alert's own record (issue 33): the stale check found no sighting for the subnet's days.
  'address-stale': {
    label: 'Address',
    isRecord: true,
    verbs: { create: 'went stale' },
    fields: {
      ipAddress: hidden,
      lastSeen: { label: 'Last seen', format: dateValue },
      lastSeenBy: { label: 'Seen by' },
      staleAfterDays: { label: 'Subnet marks stale', format: daysValue },
    },
  },
  subnet: {
    label: 'Subnet',
    entityRefers: 'subnet',
    fields: {
      vlanId: { label: 'VLAN' },
      groupId: { label: 'Group', refers: 'group' },
      networkIP: { label: 'Network address', isInSummary: true },
      bits: { label: 'Prefix length', format: prefixValue, isInSummary: true },
      prefixLength: { label: 'Prefix length', format: prefixValue, isInSummary: true },
      version: { label: 'IP version', format: ipVersionValue, isInSummary: true },
      scanningType: { label: 'Scanning', format: choiceValue(SCANNING_LABELS), quiet: 'none' },
      scanFrequency: { label: 'Scan frequency', format: hoursValue },
      lastScanned: { label: 'Last scanned', format: dateValue },
      scanNow: { label: 'Scan requested' },
      vrfId: { label: 'VRF', refers: 'vrf' },
      kind: { label: 'Kind', format: choiceValue(SUBNET_KIND_LABELS), quiet: 'leaf' },
      parentId: { label: 'Inside', refers: 'subnet', format: refValue('subnet', 'Top level') },
      staleAfterDays: { label: 'Stale after', format: daysValue },
      group: { label: 'Group', format: namedValue },
      vrfsCreated: { label: 'VRFs created' },
      ...importCounts,
    },
  },
  group: {
    label: 'Group',
    entityRefers: 'group',
    fields: { parentId: { label: 'Parent group', refers: 'group', format: refValue('group', 'Top level') } },
  },
  vrf: {
    label: 'VRF',
    entityRefers: 'vrf',
    fields: { rd: { label: 'Route distinguisher' }, isDefault: hidden, subnetCount: hidden },
  },
  scanner: {
    label: 'Scanner',
    entityRefers: 'scanner',
    fields: {
      subnets: { label: 'Subnets', refers: 'subnet' },
      missingSubnets: hidden,
      blockScanning: { label: 'Block scanning' },
      keyPrefix: { label: 'Key starts with' },
      lastSeenAt: { label: 'Last seen', format: dateValue },
      agentVersion: { label: 'Agent version' },
      pollIntervalSeconds: { label: 'Asks for work', format: secondsValue },
    },
  },
  'scanner-snmp': {
    label: 'Scanner SNMP targets',
    entityRefers: 'scanner',
    fields: { targets: { label: 'SNMP targets' } },
  },
  'scanner-key': {
    label: 'Scanner key',
    entityRefers: 'scanner',
    verbs: { update: 'regenerated' },
    fields: { keyPrefix: { label: 'New key starts with' } },
  },
  scan: {
    label: 'Scan',
    entityRefers: 'subnet',
    isRecord: true,
    fields: {
      alive: { label: 'Answered' },
      approvals: { label: 'Sent for approval' },
      applied: { label: 'Addresses updated' },
      hosts: { label: 'Addresses reported' },
      coverage: { label: 'Probed', format: choiceValue(COVERAGE_LABELS) },
      startedAt: { label: 'Started', format: dateValue },
      // The summary says finished or partial; the entry's own time is when the results came.
      done: hidden,
      finishedAt: hidden,
    },
  },
  'approval-confirmed': {
    label: 'Approval',
    phrase: approvalPhrase,
    isRecord: true,
    verbs: { delete: 'confirmed' },
    fields: approvalFields(),
  },
  'approval-ignored': {
    label: 'Approval',
    phrase: approvalPhrase,
    isRecord: true,
    verbs: { delete: 'ignored' },
    fields: approvalFields(),
  },
  'approval-withdrawn': {
    label: 'Approval',
    phrase: approvalPhrase,
    isRecord: true,
    verbs: { delete: 'withdrawn' },
    fields: { ...approvalFields(), reason: { label: 'Why' } },
  },
  member: {
    label: 'Member',
    verbs: { create: 'joined the account', update: 'role changed', delete: 'removed from the account' },
    phrase: (name, verb) => `${name ?? 'A member'} ${verb}`,
    fields: {
      fromInvite: hidden,
      role: { label: 'Role', format: choiceValue(roleLabels) },
      groupIds: { label: 'Limited to groups', refers: 'group', format: refValue('group', 'Every group') },
      groups: { label: 'Groups at the provider' },
    },
  },
  invite: {
    label: 'Invitation',
    entityRefers: 'invite',
    verbs: { create: 'sent', update: 'link reissued', delete: 'withdrawn' },
    fields: { invitedAt: hidden, link: hidden, role: { label: 'Role', format: choiceValue(roleLabels) } },
  },
  calculation: {
    label: 'Calculation',
    verbs: { create: 'saved' },
    fields: {
      type: { label: 'Calculator', format: choiceValue(CALCULATION_LABELS) },
      cidr: { label: 'Prefix length', format: prefixValue },
    },
  },
  plan: {
    label: 'Network plan',
    entityRefers: 'plan',
    fields: {
      tags: { label: 'Tags' },
      settings: { label: 'Settings' },
      isTemplate: { label: 'Template' },
      subnetCount: { label: 'Subnets' },
      appliedToIpam: { label: 'Subnets created in IPAM' },
      groupId: { label: 'Into group', refers: 'group' },
    },
  },
  plan_subnet: { label: 'Planned subnet', entityRefers: 'planSubnet', fields: planSubnetFields },
  account: {
    label: 'Subscription',
    verbs: { update: 'updated' },
    fields: {
      tier: { label: 'Plan', format: tierValue },
      maxnetworks: { label: 'Subnet limit' },
      maxusers: { label: 'User limit' },
      subStatus: { label: 'Subscription', format: choiceValue({}) },
      subEnd: { label: 'Subscription ends', format: dateValue },
    },
  },
  checkout_session: {
    label: 'Checkout',
    verbs: { create: 'started' },
    fields: { priceId: { label: 'Price' } },
  },
  dns_provider: {
    label: 'DNS provider',
    fields: {
      name: { label: 'Name', isInSummary: true },
      kind: { label: 'Type', format: choiceValue({ powerdns: 'PowerDNS API', rfc2136: 'RFC 2136 + TSIG' }) },
      endpoint: { label: 'Server' },
      tsigKeyName: { label: 'TSIG key' },
      tsigAlgorithm: { label: 'TSIG algorithm' },
      hasSecret: { label: 'Secret stored' },
      updatedDate: hidden,
    },
  },
  subnet_dns: { label: 'Subnet DNS settings', entityRefers: 'subnet', fields: dnsSettingsFields() },
  group_dns: { label: 'Group DNS settings', entityRefers: 'group', fields: dnsSettingsFields() },
  webhook: {
    label: 'Webhook',
    fields: {
      url: { label: 'URL', isInSummary: true },
      events: { label: 'Events' },
      active: { label: 'Active' },
      failingSince: { label: 'Failing since', format: dateValue },
      disabledAt: { label: 'Turned off', format: dateValue },
      createdAt: hidden,
      updatedAt: hidden,
    },
  },
  ...SIGN_IN_AUDIT_ENTITIES,
  token: {
    label: 'API token',
    verbs: { delete: 'revoked' },
    fields: {
      prefix: { label: 'Starts with' },
      scope: { label: 'Access', format: choiceValue(TOKEN_SCOPE_LABELS) },
      createdBy: { label: 'Created by' },
      expiresAt: { label: 'Expires', format: dateValue },
      lastUsedAt: { label: 'Last used', format: dateValue },
    },
  },
  ...IDENTITY_AUDIT_ENTITIES,
};

function dnsSettingsFields(): Record<string, AuditField> {
  return {
    providerId: { label: 'DNS provider' },
    forwardZone: { label: 'Forward zone', isInSummary: true },
    reverseZone: { label: 'Reverse zone' },
  };
}

function approvalPhrase(name: string | null, verb: string): string {
  return name ? `Approval for ${name} ${verb}` : `Approval ${verb}`;
}

function approvalFields(): Record<string, AuditField> {
  return {
    ipAddress: hidden,
    status: { label: 'Recorded status' },
    hostname: { label: 'Hostname seen' },
    recommendation: { label: 'Recommended status' },
    // What Confirm would have written and what the scan saw (issue 33); the summary above says enough.
    changes: hidden,
    seenAlive: hidden,
    seenHostname: hidden,
    seenMac: { label: 'MAC seen' },
    seenAt: { label: 'Seen', format: dateValue },
    seenBy: { label: 'Seen by' },
  };
}
