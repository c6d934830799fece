import { describe, expect, it } from 'vitest';
import { ipv4SubnetCreateSchema, ipv6SubnetCreateSchema, subnetUpdateSchema } from './subnet-schemas.js';

const messagesOf = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message);
const ipv4 = { name: 'Office', vlanId: 10, groupId: 'g1', networkIP: '10.0.0.0', bits: 24 };
const ipv6 = { name: 'Lab', vlanId: 20, groupId: 'g1', networkIP: '2001:db8::', prefixLength: 120 };
const without = <T extends object>(value: T, key: keyof T) => {
  const copy: Partial<T> = { ...value };
  delete copy[key];
  return copy;
};

describe('ipv4SubnetCreateSchema', () => {
  it('accepts a subnet and fills description, scanning type none and a null frequency', () => {
    expect(ipv4SubnetCreateSchema.parse(ipv4)).toEqual({
      ...ipv4,
      description: '',
      scanningType: 'none',
      scanFrequency: null,
      // Issue 30: the account's Global VRF (null) and a leaf unless asked otherwise.
      vrfId: null,
      kind: 'leaf',
      // Issue 33: addresses are not marked stale unless asked.
      staleAfterDays: null,
    });
  });

  it('takes a VRF and a kind, and refuses an unknown kind (issue 30)', () => {
    expect(ipv4SubnetCreateSchema.parse({ ...ipv4, vrfId: ' v1 ', kind: 'container' })).toMatchObject({
      vrfId: 'v1',
      kind: 'container',
    });
    expect(ipv4SubnetCreateSchema.parse({ ...ipv4, vrfId: '' }).vrfId).toBeNull();
    expect(messagesOf(ipv4SubnetCreateSchema.safeParse({ ...ipv4, kind: 'folder' }))).toEqual([
      'Kind must be leaf or container.',
    ]);
  });

  it.each([
    ['name', 'Subnet name is required.'],
    ['vlanId', 'VLAN ID is required.'],
    ['groupId', 'Group is required.'],
    ['networkIP', 'Network IP Address is required.'],
    ['bits', 'Number of bits is required.'],
  ] as const)("refuses a missing %s with the spec's message", (field, message) => {
    expect(messagesOf(ipv4SubnetCreateSchema.safeParse(without(ipv4, field)))).toEqual([message]);
  });

  it('refuses a name of spaces', () => {
    expect(messagesOf(ipv4SubnetCreateSchema.safeParse({ ...ipv4, name: '  ' }))).toEqual([
      'Subnet name is required.',
    ]);
  });

  it('refuses an empty network IP as missing', () => {
    expect(messagesOf(ipv4SubnetCreateSchema.safeParse({ ...ipv4, networkIP: '' }))).toEqual([
      'Network IP Address is required.',
    ]);
  });

  it('refuses an IPv4 address with a leading zero', () => {
    expect(messagesOf(ipv4SubnetCreateSchema.safeParse({ ...ipv4, networkIP: '10.0.0.01' }))).toEqual([
      'Invalid IPv4 address',
    ]);
  });

  it('refuses an IPv4 address with an octet over 255', () => {
    expect(messagesOf(ipv4SubnetCreateSchema.safeParse({ ...ipv4, networkIP: '10.0.0.256' }))).toEqual([
      'Invalid IPv4 address',
    ]);
  });

  it('refuses 33 bits', () => {
    expect(messagesOf(ipv4SubnetCreateSchema.safeParse({ ...ipv4, bits: 33 }))).toEqual([
      'IPv4 CIDR must be between 0 and 32',
    ]);
  });

  it('refuses negative bits', () => {
    expect(messagesOf(ipv4SubnetCreateSchema.safeParse({ ...ipv4, bits: -1 }))).toEqual([
      'IPv4 CIDR must be between 0 and 32',
    ]);
  });

  it('refuses fractional bits', () => {
    expect(messagesOf(ipv4SubnetCreateSchema.safeParse({ ...ipv4, bits: 24.5 }))).toEqual([
      'Invalid CIDR bits',
    ]);
  });

  it('refuses VLAN 0', () => {
    expect(messagesOf(ipv4SubnetCreateSchema.safeParse({ ...ipv4, vlanId: 0 }))).toEqual([
      'VLAN ID must be between 1 and 4094.',
    ]);
  });

  it('refuses VLAN 4095', () => {
    expect(messagesOf(ipv4SubnetCreateSchema.safeParse({ ...ipv4, vlanId: 4095 }))).toEqual([
      'VLAN ID must be between 1 and 4094.',
    ]);
  });

  it('accepts VLAN 4094', () => {
    expect(ipv4SubnetCreateSchema.safeParse({ ...ipv4, vlanId: 4094 }).success).toBe(true);
  });

  it('refuses a VLAN given as text', () => {
    expect(messagesOf(ipv4SubnetCreateSchema.safeParse({ ...ipv4, vlanId: '' }))).toEqual([
      'VLAN ID is required.',
    ]);
  });

  it("refuses approval scanning without a frequency with the spec's message", () => {
    expect(messagesOf(ipv4SubnetCreateSchema.safeParse({ ...ipv4, scanningType: 'approval' }))).toEqual([
      'Scan frequency is required for this scanning type.',
    ]);
  });

  it('refuses auto scanning with a null frequency', () => {
    expect(
      messagesOf(ipv4SubnetCreateSchema.safeParse({ ...ipv4, scanningType: 'auto', scanFrequency: null })),
    ).toEqual(['Scan frequency is required for this scanning type.']);
  });

  it('keeps the frequency of auto scanning', () => {
    expect(
      ipv4SubnetCreateSchema.parse({ ...ipv4, scanningType: 'auto', scanFrequency: 24 }).scanFrequency,
    ).toBe(24);
  });

  it('stores null as the frequency when scanning is none', () => {
    expect(
      ipv4SubnetCreateSchema.parse({ ...ipv4, scanningType: 'none', scanFrequency: 24 }).scanFrequency,
    ).toBeNull();
  });

  it('refuses a frequency of 0 hours', () => {
    expect(
      messagesOf(ipv4SubnetCreateSchema.safeParse({ ...ipv4, scanningType: 'auto', scanFrequency: 0 })),
    ).toEqual(['Scan frequency must be a whole number of hours, at least 1.']);
  });

  it('refuses an unknown scanning type', () => {
    expect(messagesOf(ipv4SubnetCreateSchema.safeParse({ ...ipv4, scanningType: 'daily' }))).toEqual([
      'Scanning type must be none, approval or auto.',
    ]);
  });

  it('refuses an unknown field', () => {
    expect(ipv4SubnetCreateSchema.safeParse({ ...ipv4, lastScanned: 'now' }).success).toBe(false);
  });

  it('refuses an IPv6 prefix length on an IPv4 subnet', () => {
    expect(ipv4SubnetCreateSchema.safeParse({ ...ipv4, prefixLength: 24 }).success).toBe(false);
  });
});

describe('ipv6SubnetCreateSchema', () => {
  it('accepts an IPv6 subnet', () => {
    expect(ipv6SubnetCreateSchema.parse(ipv6)).toMatchObject({ networkIP: '2001:db8::', prefixLength: 120 });
  });

  it("refuses a missing prefix length with the spec's message", () => {
    expect(messagesOf(ipv6SubnetCreateSchema.safeParse(without(ipv6, 'prefixLength')))).toEqual([
      'Prefix length is required.',
    ]);
  });

  it('refuses two double colons', () => {
    expect(messagesOf(ipv6SubnetCreateSchema.safeParse({ ...ipv6, networkIP: '2001::db8::' }))).toEqual([
      'Invalid IPv6 address',
    ]);
  });

  it('refuses an address with a zone index', () => {
    expect(messagesOf(ipv6SubnetCreateSchema.safeParse({ ...ipv6, networkIP: 'fe80::%eth0' }))).toEqual([
      'Invalid IPv6 address',
    ]);
  });

  it('refuses an IPv4 address', () => {
    expect(messagesOf(ipv6SubnetCreateSchema.safeParse({ ...ipv6, networkIP: '10.0.0.0' }))).toEqual([
      'Invalid IPv6 address',
    ]);
  });

  it('refuses prefix length 129', () => {
    expect(messagesOf(ipv6SubnetCreateSchema.safeParse({ ...ipv6, prefixLength: 129 }))).toEqual([
      'IPv6 CIDR must be between 0 and 128',
    ]);
  });

  it('refuses a fractional prefix length', () => {
    expect(messagesOf(ipv6SubnetCreateSchema.safeParse({ ...ipv6, prefixLength: 64.5 }))).toEqual([
      'Invalid prefix length',
    ]);
  });
});

describe('subnetUpdateSchema', () => {
  it('accepts a change of name alone', () => {
    expect(subnetUpdateSchema.parse({ name: ' New ' })).toEqual({ name: 'New' });
  });

  it('refuses a change of network address', () => {
    expect(subnetUpdateSchema.safeParse({ networkIP: '10.0.1.0' }).success).toBe(false);
  });

  it('refuses a change of bits', () => {
    expect(subnetUpdateSchema.safeParse({ bits: 16 }).success).toBe(false);
  });

  it('refuses a change of prefix length', () => {
    expect(subnetUpdateSchema.safeParse({ prefixLength: 64 }).success).toBe(false);
  });

  it('lets a switch to approval keep the stored frequency when none is sent', () => {
    expect(subnetUpdateSchema.parse({ scanningType: 'approval' })).toEqual({ scanningType: 'approval' });
  });

  it('refuses a switch to auto that clears the frequency', () => {
    expect(messagesOf(subnetUpdateSchema.safeParse({ scanningType: 'auto', scanFrequency: null }))).toEqual([
      'Scan frequency is required for this scanning type.',
    ]);
  });

  it('clears the frequency when scanning is turned off', () => {
    expect(subnetUpdateSchema.parse({ scanningType: 'none' })).toEqual({
      scanningType: 'none',
      scanFrequency: null,
    });
  });
});
