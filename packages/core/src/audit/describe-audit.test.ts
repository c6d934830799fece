import { describe, expect, it } from 'vitest';
import type { AuditContext } from './audit-values.js';
import {
  auditReferences,
  changeAuthor,
  changeSummary,
  fieldChanges,
  type AuditEntryView,
} from './describe-audit.js';

const ctx: AuditContext = {
  names: { g1: 'Office', g2: 'Lab', v1: 'Global', s1: 'LAN', s2: 'DMZ', sc1: 'HQ', p1: 'Rollout' },
  locale: 'en-GB',
  timeZone: 'UTC',
};

const entry = (fields: Partial<AuditEntryView>): AuditEntryView => ({
  action: 'update',
  entity: 'address',
  entityId: 'x',
  subnetId: null,
  before: null,
  after: null,
  ...fields,
});

/** The changes as "Label: before → after" lines, the way the screen shows them. */
function lines(item: AuditEntryView, context = ctx): string[] {
  return fieldChanges(item, context).map(({ label, before, after }) =>
    [before, after].every((side) => side !== null)
      ? `${label}: ${before} → ${after}`
      : `${label}: ${before ?? after}`,
  );
}

const address = (fields: object) => ({
  id: 'a1',
  ipAddress: '10.0.0.7',
  status: 'Available',
  hostname: '',
  description: '',
  allowScannerUpdate: false,
  updatedDate: '2026-11-24T10:00:00.000Z',
  updatedBy: 'u1',
  ...fields,
});

const subnet = (fields: object) => ({
  id: 's1',
  name: 'LAN',
  vlanId: 10,
  description: '',
  groupId: 'g1',
  networkIP: '10.0.0.0',
  scanningType: 'none',
  scanFrequency: null,
  lastScanned: null,
  scanNow: false,
  updatedDate: '2026-11-24T10:00:00.000Z',
  updatedBy: 'u1',
  vrfId: 'v1',
  kind: 'leaf',
  parentId: null,
  version: 4,
  bits: 24,
  ...fields,
});

describe('fieldChanges', () => {
  it('lists only the fields an edit changed, without bookkeeping fields', () => {
    const before = address({});
    const after = address({ status: 'In Use', hostname: 'web01', updatedDate: '2026-11-24T11:00:00.000Z' });
    expect(lines(entry({ before, after }))).toEqual([
      'Status: Available → In Use',
      'Hostname: (empty) → web01',
    ]);
    expect(lines(entry({ before, after: { ...before, allowScannerUpdate: true } }))).toEqual([
      'Scanner may update: No → Yes',
    ]);
  });

  it("shows a subnet's scanning, frequency, scan time and group the way the form and the reader say them", () => {
    const before = subnet({});
    const after = subnet({
      scanningType: 'approval',
      scanFrequency: 24,
      lastScanned: '2026-12-26T03:28:22.686Z',
      groupId: 'g2',
    });
    expect(lines(entry({ entity: 'subnet', before, after }))).toEqual([
      'Group: Office → Lab',
      'Scanning: No Scanning → Approval',
      'Scan frequency: (none) → Every 24 hours',
      'Last scanned: (none) → 26 Dec 2026, 03:28',
    ]);
  });

  it('names a subnet by its network, /24 and /112 alike, and lists only what a new one adds to that', () => {
    const created = entry({ entity: 'subnet', action: 'create', entityId: 's1', after: subnet({}) });
    expect(changeSummary(created, ctx)).toBe('Subnet LAN (10.0.0.0/24) created');
    // The default scanning and kind go without saying; the group and VRF are named.
    expect(lines(created)).toEqual(['VLAN: 10', 'Group: Office', 'VRF: Global']);
    const { bits: _bits, ...rest } = subnet({ version: 6, networkIP: '2001:db8::', kind: 'container' });
    const v6 = entry({ entity: 'subnet', action: 'create', after: { ...rest, prefixLength: 112 } });
    expect(changeSummary(v6, ctx)).toBe('Subnet LAN (2001:db8::/112) created');
    expect(lines(v6)).toContain('Kind: Container (holds subnets)');
    expect(lines(entry({ entity: 'subnet', before: subnet({}), after: subnet({ bits: 22 }) }))).toEqual([
      'Prefix length: /24 → /22',
    ]);
  });

  it('names a removed object for what it was, and a subnet at the top of its VRF', () => {
    const before = subnet({ groupId: 'g1', parentId: 's2' });
    const after = subnet({ groupId: 'gone', parentId: null });
    expect(lines(entry({ entity: 'subnet', before, after }))).toEqual([
      'Group: Office → a removed group',
      'Inside: DMZ → Top level',
    ]);
    expect(lines(entry({ entity: 'group', before: { parentId: '' }, after: { parentId: 'g1' } }))).toEqual([
      'Parent group: Top level → Office',
    ]);
  });

  it("lists a scanner's subnets by name and its times in the reader's locale", () => {
    const scanner = { id: 'sc1', name: 'HQ', subnets: ['s1'], missingSubnets: [], blockScanning: false };
    expect(
      lines(entry({ entity: 'scanner', before: scanner, after: { ...scanner, subnets: ['s1', 's2'] } })),
    ).toEqual(['Subnets: LAN → LAN, DMZ']);
    const token = { name: 'CI', expiresAt: '2027-03-01T12:00:00.000Z', scope: 'write' };
    expect(lines(entry({ entity: 'token', action: 'create', after: token }))).toEqual([
      'Expires: 1 Mar 2027, 12:00',
      'Access: Read and write',
    ]);
    expect(
      lines(entry({ entity: 'token', action: 'create', after: token }), { ...ctx, locale: 'de-DE' }),
    ).toContain('Expires: 01.03.2027, 12:00');
  });

  it('shows a billing change by plan name and dates, and a scan as its figures', () => {
    const account = { tier: 0, maxnetworks: 2, subStatus: null, subEnd: null };
    const paid = { tier: 2, maxnetworks: 50, subStatus: 'past_due', subEnd: '2026-12-26T03:28:22.686Z' };
    expect(lines(entry({ entity: 'account', before: account, after: paid }))).toEqual([
      'Plan: Free → Business',
      'Subnet limit: 2 → 50',
      'Subscription: (none) → Past due',
      'Subscription ends: (none) → 26 Dec 2026, 03:28',
    ]);
    const scan = { startedAt: '2026-12-26T03:00:00.000Z', done: false, hosts: 254, alive: 0, approvals: 2 };
    expect(lines(entry({ entity: 'scan', subnetId: 's1', after: scan }))).toEqual([
      'Answered: 0',
      'Sent for approval: 2',
      'Addresses reported: 254',
      'Started: 26 Dec 2026, 03:00',
    ]);
  });

  it("lists what an approval found as it was, and a create's and a delete's non-empty fields", () => {
    const approval = {
      id: 'ap1',
      ipAddress: '10.0.0.9',
      status: 'Available',
      hostname: 'laptop-7',
      description: '',
      recommendation: 'In Use',
    };
    expect(
      fieldChanges(entry({ entity: 'approval-ignored', action: 'delete', before: approval }), ctx),
    ).toEqual([
      { field: 'status', label: 'Recorded status', before: null, after: 'Available' },
      { field: 'hostname', label: 'Hostname seen', before: null, after: 'laptop-7' },
      { field: 'recommendation', label: 'Recommended status', before: null, after: 'In Use' },
    ]);
    // The name is in the summary ("Group Core deleted"); what else it held is listed.
    const group = { id: 'g1', name: 'Core', description: 'Routers', parentId: '' };
    expect(fieldChanges(entry({ entity: 'group', action: 'delete', before: group }), ctx)).toEqual([
      { field: 'description', label: 'Description', before: 'Routers', after: null },
    ]);
  });

  it('labels an unknown field from its name and shows its value plainly', () => {
    expect(
      lines(entry({ entity: 'gadget', action: 'create', after: { hostsAlive: 3, tags: ['a', 'b'] } })),
    ).toEqual(['Hosts alive: 3', 'Tags: a, b']);
  });

  it('reads the import counts of a file and of phpIPAM or NetBox', () => {
    const file = { rows: 1200, create: 1000, update: 150, unchanged: 50, error: 0 };
    expect(lines(entry({ entity: 'address', action: 'import', subnetId: 's1', after: file }))).toEqual([
      'Rows in the file: 1,200',
      'Added: 1,000',
      'Updated: 150',
      'Unchanged: 50',
    ]);
    const source = { source: 'phpIPAM at https://ipam.example.com', imported: 12, updated: 0 };
    expect(lines(entry({ entity: 'address', action: 'import', subnetId: 's1', after: source }))).toEqual([
      'Source: phpIPAM at https://ipam.example.com',
      'Added: 12',
    ]);
  });
});

describe('changeSummary', () => {
  const says = (fields: Partial<AuditEntryView>) => changeSummary(entry(fields), ctx);

  it('names the object and what happened to it', () => {
    expect(says({ entityId: '10.0.0.7' })).toBe('Address 10.0.0.7 changed');
    expect(says({ entity: 'subnet', action: 'create', entityId: 's1', after: { name: 'LAN' } })).toBe(
      'Subnet LAN created',
    );
    expect(says({ entity: 'vrf', action: 'create', entityId: 'v9', after: { name: 'Blue' } })).toBe(
      'VRF Blue created',
    );
    expect(says({ entity: 'token', action: 'delete', entityId: 't1', before: { name: 'CI' } })).toBe(
      'API token CI revoked',
    );
    expect(says({ entity: 'plan', entityId: 'p1', before: { tags: [] }, after: { tags: ['x'] } })).toBe(
      'Network plan Rollout changed',
    );
  });

  it('says which address went stale, with its last sighting and the days (issue 33)', () => {
    const stale = entry({
      action: 'create',
      entity: 'address-stale',
      entityId: '10.0.0.5',
      subnetId: 's1',
      after: {
        ipAddress: '10.0.0.5',
        lastSeen: '2026-11-20T10:00:00.000Z',
        lastSeenBy: 'HQ',
        staleAfterDays: 7,
      },
    });
    expect(changeSummary(stale, ctx)).toBe('Address 10.0.0.5 went stale');
    expect(lines(stale)).toEqual([
      'Last seen: 20 Nov 2026, 10:00',
      'Seen by: HQ',
      'Subnet marks stale: After 7 days',
    ]);
  });

  it('says what a scan, an approval, a key, a member and an invitation did', () => {
    expect(says({ entity: 'scan', entityId: 's1', subnetId: 's1', after: { done: true } })).toBe(
      'Scan of LAN finished',
    );
    expect(says({ entity: 'scan', entityId: 's1', subnetId: 's1', after: { done: false } })).toBe(
      'Scan of LAN: partial results',
    );
    const approval = { ipAddress: '10.0.0.9', status: 'Available' };
    expect(says({ entity: 'approval-ignored', action: 'delete', before: approval })).toBe(
      'Approval for 10.0.0.9 ignored',
    );
    expect(says({ entity: 'approval-confirmed', action: 'delete', before: approval })).toBe(
      'Approval for 10.0.0.9 confirmed',
    );
    expect(says({ entity: 'scanner-key', entityId: 'sc1', after: { keyPrefix: 'ab12' } })).toBe(
      'Scanner key HQ regenerated',
    );
    expect(says({ entity: 'member', action: 'create', after: { email: 'b@example.com' } })).toBe(
      'b@example.com joined the account',
    );
    expect(says({ entity: 'invite', action: 'delete', before: { email: 'c@example.com' } })).toBe(
      'Invitation c@example.com withdrawn',
    );
    expect(says({ entity: 'account', entityId: 'acc', before: { tier: 0 }, after: { tier: 1 } })).toBe(
      'Subscription updated',
    );
  });

  it('says where an import went', () => {
    expect(says({ entity: 'address', action: 'import', entityId: 's1', subnetId: 's1', after: {} })).toBe(
      'Addresses imported into LAN',
    );
    expect(
      says({ entity: 'subnet', action: 'import', entityId: 'g1', after: { group: { name: 'Office' } } }),
    ).toBe('Subnets imported into group Office');
  });
});

describe('auditReferences', () => {
  it('lists the subnet, the object and the ids its fields hold, for the server to name', () => {
    expect(
      auditReferences(
        entry({
          entity: 'scanner',
          entityId: 'sc1',
          before: { subnets: ['s1'] },
          after: { subnets: ['s1', 's2'], name: 'HQ' },
        }),
      ),
    ).toEqual([
      { kind: 'scanner', id: 'sc1' },
      { kind: 'subnet', id: 's1' },
      { kind: 'subnet', id: 's1' },
      { kind: 'subnet', id: 's2' },
    ]);
    expect(
      auditReferences(entry({ entity: 'address', action: 'import', entityId: 's1', subnetId: 's1' })),
    ).toEqual([{ kind: 'subnet', id: 's1' }]);
    expect(auditReferences(entry({ entity: 'group', entityId: 'g1', after: { parentId: '' } }))).toEqual([
      { kind: 'group', id: 'g1' },
    ]);
  });
});

describe('changeAuthor', () => {
  it('names the person, the program they used, a program alone, or a removed user', () => {
    const entity = 'address';
    expect(changeAuthor({ userEmail: 'a@example.com', userId: 'u1', actor: null, entity })).toBe(
      'a@example.com',
    );
    expect(changeAuthor({ userEmail: 'a@example.com', userId: 'u1', actor: 'token cli', entity })).toBe(
      'a@example.com (token cli)',
    );
    expect(changeAuthor({ userEmail: null, userId: null, actor: 'import from phpIPAM', entity })).toBe(
      'import from phpIPAM',
    );
    expect(changeAuthor({ userEmail: null, userId: 'u9', actor: null, entity })).toBe('A removed user');
    expect(changeAuthor({ userEmail: null, userId: null, actor: null, entity: 'scan' })).toBe('Scanner');
  });
});
