import { describe, expect, it } from 'vitest';
import {
  planCreateSchema,
  planExportQuery,
  planSplitSchema,
  planSubnetSchema,
  planSubnetUpdateSchema,
  planUpdateSchema,
} from './plan-schemas.js';

const messagesOf = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message);
const subnet = { name: 'Servers', networkAddress: '10.0.1.0', cidr: 24 };

describe('planCreateSchema', () => {
  it('fills description, tags, the default settings and isTemplate', () => {
    expect(planCreateSchema.parse({ name: ' Campus ' })).toEqual({
      name: 'Campus',
      description: '',
      tags: [],
      settings: {
        autoCalculateDetails: true,
        validateOverlaps: true,
        showUtilization: true,
        defaultIPVersion: 'IPv4',
      },
      isTemplate: false,
    });
  });

  it("refuses a missing name with the spec's message", () => {
    expect(messagesOf(planCreateSchema.safeParse({}))).toEqual(['Plan name is required']);
  });

  it('refuses a name over 100 characters', () => {
    expect(messagesOf(planCreateSchema.safeParse({ name: 'p'.repeat(101) }))).toEqual([
      'Plan name must be at most 100 characters.',
    ]);
  });

  it('refuses a description over 500 characters', () => {
    expect(messagesOf(planCreateSchema.safeParse({ name: 'p', description: 'd'.repeat(501) }))).toEqual([
      'Description must be at most 500 characters.',
    ]);
  });

  it('lower-cases tags and merges duplicates', () => {
    expect(planCreateSchema.parse({ name: 'p', tags: ['Lab', 'lab', ' DC ', ''] }).tags).toEqual([
      'lab',
      'dc',
    ]);
  });

  it('accepts ten tags', () => {
    const tags = Array.from({ length: 10 }, (_, i) => `t${i}`);
    expect(planCreateSchema.safeParse({ name: 'p', tags }).success).toBe(true);
  });

  it('refuses eleven tags', () => {
    const tags = Array.from({ length: 11 }, (_, i) => `t${i}`);
    expect(messagesOf(planCreateSchema.safeParse({ name: 'p', tags }))).toEqual([
      'A plan can have at most 10 tags.',
    ]);
  });

  it('counts tags after merging duplicates', () => {
    const tags = [...Array.from({ length: 10 }, (_, i) => `t${i}`), 'T0'];
    expect(planCreateSchema.safeParse({ name: 'p', tags }).success).toBe(true);
  });

  it('refuses a tag over 20 characters', () => {
    expect(messagesOf(planCreateSchema.safeParse({ name: 'p', tags: ['x'.repeat(21)] }))).toEqual([
      'A tag can be at most 20 characters.',
    ]);
  });

  it('accepts a template to start from', () => {
    expect(planCreateSchema.parse({ name: 'p', template: 'datacenter' }).template).toBe('datacenter');
  });

  it('refuses an unknown setting', () => {
    const settings = {
      autoCalculateDetails: true,
      validateOverlaps: true,
      showUtilization: true,
      defaultIPVersion: 'IPv4',
      dark: true,
    };
    expect(planCreateSchema.safeParse({ name: 'p', settings }).success).toBe(false);
  });
});

describe('planUpdateSchema', () => {
  it('accepts one setting alone', () => {
    expect(planUpdateSchema.parse({ settings: { validateOverlaps: false } })).toEqual({
      settings: { validateOverlaps: false },
    });
  });

  it('refuses a change of version by the client', () => {
    expect(planUpdateSchema.safeParse({ version: 7 }).success).toBe(false);
  });
});

describe('planSubnetSchema', () => {
  it('fills the defaults: IPv4, active, growth 25, no VLAN', () => {
    expect(planSubnetSchema.parse(subnet)).toEqual({
      ...subnet,
      description: '',
      ipVersion: 'IPv4',
      vlan: null,
      reservedAddresses: [],
      parentSubnetId: null,
      planning: { currentHosts: 0, plannedGrowth: 25, notes: '' },
      status: 'active',
    });
  });

  it('refuses a missing name', () => {
    expect(messagesOf(planSubnetSchema.safeParse({ ...subnet, name: '' }))).toEqual([
      'Subnet name is required.',
    ]);
  });

  it('refuses a missing network address', () => {
    expect(messagesOf(planSubnetSchema.safeParse({ name: 'a', cidr: 24 }))).toEqual([
      'Network address is required.',
    ]);
  });

  it('refuses a missing CIDR', () => {
    expect(messagesOf(planSubnetSchema.safeParse({ name: 'a', networkAddress: '10.0.0.0' }))).toEqual([
      'CIDR is required.',
    ]);
  });

  it('refuses IPv4 CIDR 0', () => {
    expect(messagesOf(planSubnetSchema.safeParse({ ...subnet, cidr: 0 }))).toEqual([
      'CIDR must be between 1 and 32.',
    ]);
  });

  it('refuses IPv4 CIDR 33', () => {
    expect(messagesOf(planSubnetSchema.safeParse({ ...subnet, cidr: 33 }))).toEqual([
      'CIDR must be between 1 and 32.',
    ]);
  });

  it('accepts IPv6 CIDR 128', () => {
    const ipv6 = { ...subnet, ipVersion: 'IPv6', networkAddress: '2001:db8::1', cidr: 128 };
    expect(planSubnetSchema.safeParse(ipv6).success).toBe(true);
  });

  it('refuses IPv6 CIDR 129', () => {
    const ipv6 = { ...subnet, ipVersion: 'IPv6', networkAddress: '2001:db8::', cidr: 129 };
    expect(messagesOf(planSubnetSchema.safeParse(ipv6))).toEqual(['CIDR must be between 1 and 128.']);
  });

  it('refuses an IPv6 address on an IPv4 subnet', () => {
    expect(messagesOf(planSubnetSchema.safeParse({ ...subnet, networkAddress: '2001:db8::' }))).toEqual([
      'Invalid IPv4 address',
    ]);
  });

  it('refuses an IPv4 address on an IPv6 subnet', () => {
    expect(messagesOf(planSubnetSchema.safeParse({ ...subnet, ipVersion: 'IPv6', cidr: 64 }))).toEqual([
      'Invalid IPv6 address',
    ]);
  });

  it('refuses a subnet name over 100 characters', () => {
    expect(messagesOf(planSubnetSchema.safeParse({ ...subnet, name: 's'.repeat(101) }))).toEqual([
      'Subnet name must be at most 100 characters.',
    ]);
  });

  it('refuses negative current hosts', () => {
    expect(messagesOf(planSubnetSchema.safeParse({ ...subnet, planning: { currentHosts: -1 } }))).toEqual([
      'Current hosts cannot be negative.',
    ]);
  });

  it('PL-2: planning without currentHosts counts 0 hosts', () => {
    expect(planSubnetSchema.parse({ ...subnet, planning: { plannedGrowth: 40 } }).planning).toEqual({
      currentHosts: 0,
      plannedGrowth: 40,
      notes: '',
    });
  });

  it('PL-2: refuses 1.5 current hosts as not a whole number', () => {
    expect(messagesOf(planSubnetSchema.safeParse({ ...subnet, planning: { currentHosts: 1.5 } }))).toEqual([
      'Current hosts must be a whole number.',
    ]);
  });

  it('refuses a fractional CIDR as not a whole number', () => {
    expect(messagesOf(planSubnetSchema.safeParse({ ...subnet, cidr: 24.5 }))).toEqual([
      'CIDR must be a whole number.',
    ]);
  });

  it('refuses planned growth over 500', () => {
    expect(
      messagesOf(
        planSubnetSchema.safeParse({ ...subnet, planning: { currentHosts: 0, plannedGrowth: 501 } }),
      ),
    ).toEqual(['Planned growth must be between 0 and 500.']);
  });

  it('names a VLAN VLAN_{id} when no name is given', () => {
    expect(planSubnetSchema.parse({ ...subnet, vlan: { id: 30 } }).vlan).toEqual({
      id: 30,
      name: 'VLAN_30',
      description: '',
    });
  });

  it('refuses VLAN id 4095', () => {
    expect(messagesOf(planSubnetSchema.safeParse({ ...subnet, vlan: { id: 4095 } }))).toEqual([
      'VLAN ID must be between 1 and 4094.',
    ]);
  });

  it('refuses a VLAN name over 50 characters', () => {
    expect(
      messagesOf(planSubnetSchema.safeParse({ ...subnet, vlan: { id: 1, name: 'v'.repeat(51) } })),
    ).toEqual(['VLAN name must be at most 50 characters.']);
  });

  it('refuses more current hosts than the subnet holds', () => {
    expect(messagesOf(planSubnetSchema.safeParse({ ...subnet, planning: { currentHosts: 255 } }))).toEqual([
      'Current hosts (255) exceed available host addresses (254).',
    ]);
  });

  it("refuses a reserved address that is not IPv4 with the spec's rule and its position", () => {
    const reservedAddresses = [{ address: '10.0.1.1', type: 'gateway' }, { address: 'gateway' }];
    expect(messagesOf(planSubnetSchema.safeParse({ ...subnet, reservedAddresses }))).toEqual([
      'Reserved address 2 has invalid IPv4 format.',
    ]);
  });
});

describe('planSubnetUpdateSchema', () => {
  it('accepts a status change alone', () => {
    expect(planSubnetUpdateSchema.parse({ status: 'deprecated' })).toEqual({ status: 'deprecated' });
  });

  it('PL-13: a planning change carries only the fields sent, so the stored others are kept', () => {
    expect(planSubnetUpdateSchema.parse({ planning: { currentHosts: 5 } })).toEqual({
      planning: { currentHosts: 5 },
    });
  });

  it('refuses an unknown status', () => {
    expect(planSubnetUpdateSchema.safeParse({ status: 'retired' }).success).toBe(false);
  });
});

describe('tags (S42)', () => {
  it('refuses a tag with a comma inside (the UI splits on commas)', () => {
    expect(messagesOf(planCreateSchema.safeParse({ name: 'Office', tags: ['a,b'] }))).toEqual([
      'A tag cannot contain a comma.',
    ]);
  });
});

describe('planSplitSchema (PL-15, PL-82 … PL-84)', () => {
  it('defaults to numbered names, keeping the original and inheriting', () => {
    expect(planSplitSchema.parse({ newCidr: 26 })).toEqual({
      newCidr: 26,
      naming: 'numbered',
      customPrefix: '',
      keepOriginal: true,
      inherit: true,
    });
  });

  it('refuses a custom prefix over 50 characters and an unknown naming', () => {
    expect(
      messagesOf(planSplitSchema.safeParse({ newCidr: 26, naming: 'custom', customPrefix: 'p'.repeat(51) })),
    ).toEqual(['Custom prefix must be at most 50 characters.']);
    expect(messagesOf(planSplitSchema.safeParse({ newCidr: 26, naming: 'random' }))).toEqual([
      'Naming must be numbered, network or custom.',
    ]);
  });
});

describe('planExportQuery (PL-17, PL-87)', () => {
  it("has the dialog's defaults: CSV with details, reserved and planning, without validation", () => {
    expect(planExportQuery.parse({})).toEqual({
      format: 'csv',
      details: true,
      reserved: true,
      validation: false,
      planning: true,
    });
  });

  it('reads the flags as text and refuses other values', () => {
    expect(planExportQuery.parse({ format: 'xlsx', validation: 'true' })).toMatchObject({
      format: 'xlsx',
      validation: true,
    });
    expect(messagesOf(planExportQuery.safeParse({ format: 'pdf' }))).toEqual([
      'Format must be csv, json or xlsx.',
    ]);
    expect(messagesOf(planExportQuery.safeParse({ details: 'yes' }))).toEqual([
      'details must be true or false.',
    ]);
  });
});
