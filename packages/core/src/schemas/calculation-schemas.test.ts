import { describe, expect, it } from 'vitest';
import { ipv4CalculationCreateSchema, ipv6CalculationCreateSchema } from './calculation-schemas.js';

const messagesOf = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('ipv4CalculationCreateSchema', () => {
  it('accepts a CIDR mask', () => {
    expect(ipv4CalculationCreateSchema.parse({ ipAddress: '192.168.1.10', subnetMask: '/24' })).toEqual({
      ipAddress: '192.168.1.10',
      subnetMask: '/24',
    });
  });

  it('accepts a dotted mask', () => {
    expect(
      ipv4CalculationCreateSchema.safeParse({ ipAddress: '10.0.0.1', subnetMask: '255.255.0.0' }).success,
    ).toBe(true);
  });

  it("refuses a bad address with the spec's message", () => {
    expect(
      messagesOf(ipv4CalculationCreateSchema.safeParse({ ipAddress: '10.0.0', subnetMask: '24' })),
    ).toEqual(['Invalid IPv4 address format']);
  });

  it("refuses a non-contiguous mask with the spec's message", () => {
    expect(
      messagesOf(ipv4CalculationCreateSchema.safeParse({ ipAddress: '10.0.0.1', subnetMask: '255.0.255.0' })),
    ).toEqual(['Invalid subnet mask. Use CIDR (/24) or dotted decimal (255.255.255.0)']);
  });

  it('refuses /33', () => {
    expect(
      messagesOf(ipv4CalculationCreateSchema.safeParse({ ipAddress: '10.0.0.1', subnetMask: '/33' })),
    ).toEqual(['Invalid subnet mask. Use CIDR (/24) or dotted decimal (255.255.255.0)']);
  });

  it('refuses a calculation result sent by the client', () => {
    expect(
      ipv4CalculationCreateSchema.safeParse({
        ipAddress: '10.0.0.1',
        subnetMask: '24',
        calculationResult: {},
      }).success,
    ).toBe(false);
  });
});

describe('ipv6CalculationCreateSchema', () => {
  it('keeps the prefix length as typed', () => {
    expect(
      ipv6CalculationCreateSchema.parse({ ipAddress: '2001:db8::1', prefixLength: '/64' }).prefixLength,
    ).toBe('/64');
  });

  it('takes a numeric prefix length as its text', () => {
    expect(
      ipv6CalculationCreateSchema.parse({ ipAddress: '2001:db8::1', prefixLength: 48 }).prefixLength,
    ).toBe('48');
  });

  it('accepts a link-local address with a zone', () => {
    expect(
      ipv6CalculationCreateSchema.safeParse({ ipAddress: 'fe80::1%eth0', prefixLength: '64' }).success,
    ).toBe(true);
  });

  it("refuses three double colons with the spec's message", () => {
    expect(
      messagesOf(ipv6CalculationCreateSchema.safeParse({ ipAddress: '1::2::3', prefixLength: '64' })),
    ).toEqual(['Invalid IPv6 address format']);
  });

  it("refuses prefix 129 with the spec's message", () => {
    expect(
      messagesOf(ipv6CalculationCreateSchema.safeParse({ ipAddress: '::1', prefixLength: '129' })),
    ).toEqual(['Invalid prefix length. Use /64 or 64 (0-128)']);
  });

  it('refuses a prefix length that is not a number', () => {
    expect(
      messagesOf(ipv6CalculationCreateSchema.safeParse({ ipAddress: '::1', prefixLength: 'abc' })),
    ).toEqual(['Invalid prefix length. Use /64 or 64 (0-128)']);
  });

  it('refuses a missing prefix length', () => {
    expect(messagesOf(ipv6CalculationCreateSchema.safeParse({ ipAddress: '::1' }))).toEqual([
      'Invalid prefix length. Use /64 or 64 (0-128)',
    ]);
  });
});
