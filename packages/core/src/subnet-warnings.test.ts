import { describe, expect, it } from 'vitest';
import { parseCidr } from './cidr.js';
import type { Prefix } from './prefix.js';
import {
  checkPlanSubnet,
  recommendedPrefixLength,
  subnetWarnings,
  type SubnetCheckInput,
} from './subnet-warnings.js';

const cidr = (text: string): Prefix => {
  const prefix = parseCidr(text);
  if (prefix === null) throw new Error(`bad test prefix ${text}`);
  return prefix;
};
const check = (text: string, currentHosts: number, extra: Partial<SubnetCheckInput> = {}) =>
  checkPlanSubnet({ prefix: cidr(text), currentHosts, ...extra });
const warningTypes = (text: string, currentHosts: number) =>
  check(text, currentHosts).warnings.map((w) => w.type);

describe('size warnings', () => {
  it('warns that a /31 has very few hosts', () => {
    expect(check('10.0.0.0/31', 0).warnings).toEqual([
      { type: 'VERY_FEW_HOSTS', message: 'A /31 subnet leaves very few usable host addresses.' },
    ]);
  });

  it('does not warn about a /30', () => {
    expect(warningTypes('10.0.0.0/30', 0)).toEqual([]);
  });

  it('warns that a /7 is very large', () => {
    expect(check('10.0.0.0/7', 0).warnings).toEqual([
      { type: 'VERY_LARGE_SUBNET', message: 'A /7 subnet is very large.' },
    ]);
  });

  it('does not warn about a /8', () => {
    expect(warningTypes('10.0.0.0/8', 0)).toEqual([]);
  });

  it('warns that an IPv6 /127 has very few hosts', () => {
    expect(warningTypes('2001:db8::/127', 0)).toEqual(['VERY_FEW_HOSTS']);
  });

  it('does not warn about an IPv6 /64', () => {
    expect(warningTypes('2001:db8::/64', 0)).toEqual([]);
  });

  it('warns that an IPv6 /31 is very large', () => {
    expect(warningTypes('2001:db8::/31', 0)).toEqual(['VERY_LARGE_SUBNET']);
  });
});

describe('utilization', () => {
  it('does not warn at exactly 80% (24 of 30)', () => {
    expect(warningTypes('10.0.0.0/27', 24)).toEqual([]);
  });

  it('warns of high utilization above 80% (25 of 30)', () => {
    expect(check('10.0.0.0/27', 25).warnings).toEqual([
      { type: 'HIGH_UTILIZATION', message: 'High utilization: 83.3% of usable host addresses are in use.' },
    ]);
  });

  it('warns only of high utilization at exactly 90% (27 of 30)', () => {
    expect(warningTypes('10.0.0.0/27', 27)).toEqual(['HIGH_UTILIZATION']);
  });

  it('warns of very high utilization above 90% (28 of 30)', () => {
    expect(check('10.0.0.0/27', 28).warnings).toEqual([
      {
        type: 'VERY_HIGH_UTILIZATION',
        message: 'Very high utilization: 93.3% of usable host addresses are in use.',
      },
    ]);
  });

  it('recommends a split above 80%', () => {
    expect(check('10.0.0.0/27', 25).recommendations).toContainEqual({
      type: 'SPLIT_SUBNET',
      suggestion: 'Utilization is 83.3%: split the hosts across more subnets or move them to a larger one.',
    });
  });

  it('PL-98: 204 hosts of a /24 (80.3%) warn and recommend a split; 203 (79.9%) do neither', () => {
    expect(check('10.0.0.0/24', 204).utilization).toBe(80.3);
    expect(check('10.0.0.0/24', 204).warnings).toEqual([
      { type: 'HIGH_UTILIZATION', message: 'High utilization: 80.3% of usable host addresses are in use.' },
    ]);
    expect(check('10.0.0.0/24', 204).recommendations.map((r) => r.type)).toContain('SPLIT_SUBNET');
    expect(check('10.0.0.0/24', 203).utilization).toBe(79.9);
    expect(check('10.0.0.0/24', 203).warnings).toEqual([]);
    expect(check('10.0.0.0/24', 203).recommendations.map((r) => r.type)).not.toContain('SPLIT_SUBNET');
  });

  it('PL-97: 120 hosts of a /25 are 95.2% and, with 25% growth, need a /24', () => {
    const result = check('10.0.2.0/25', 120, { plannedGrowth: 25 });
    expect(result.utilization).toBe(95.2);
    expect(result.warnings).toEqual([
      {
        type: 'VERY_HIGH_UTILIZATION',
        message: 'Very high utilization: 95.2% of usable host addresses are in use.',
      },
    ]);
    expect(result.recommendations).toContainEqual({
      type: 'PLAN_FOR_GROWTH',
      suggestion: 'With planned growth this subnet needs room for 150 hosts: a /24.',
    });
  });

  it('recommends nothing at 50% with no growth planned', () => {
    expect(check('10.0.0.0/24', 127).recommendations).toEqual([]);
  });

  it('measures utilization against RFC 3021 usable hosts (2 of a /31 is 100%)', () => {
    expect(check('10.0.0.0/31', 2).utilization).toBe(100);
  });

  it('counts every IPv6 address as usable', () => {
    expect(check('2001:db8::/120', 128).utilization).toBe(50);
  });
});

describe('errors', () => {
  it('refuses more current hosts than usable addresses', () => {
    expect(check('10.0.0.0/27', 31).errors).toEqual([
      'Current hosts (31) exceed available host addresses (30).',
    ]);
  });

  it('marks a subnet with errors as not valid', () => {
    expect(check('10.0.0.0/27', 31).isValid).toBe(false);
  });

  it('marks a subnet with only warnings as valid', () => {
    expect(check('10.0.0.0/27', 29).isValid).toBe(true);
  });

  it('names the position of a reserved address with an invalid IPv4 format', () => {
    const result = check('10.0.0.0/24', 0, {
      reservedAddresses: [{ address: '10.0.0.1' }, { address: '10.0.0.300' }],
    });
    expect(result.errors).toEqual(['Reserved address 2 has invalid IPv4 format.']);
  });

  it('PL-25: names a reserved address listed twice (the same address in another spelling too)', () => {
    const result = check('2001:db8::/64', 0, {
      reservedAddresses: [{ address: '2001:db8::1' }, { address: '2001:DB8:0::1' }],
    });
    expect(result.errors).toEqual(['Reserved address 2 is listed twice.']);
  });

  it('refuses an IPv6 reserved address in an IPv4 subnet', () => {
    expect(check('10.0.0.0/24', 0, { reservedAddresses: [{ address: '::1' }] }).errors).toEqual([
      'Reserved address 1 has invalid IPv4 format.',
    ]);
  });

  it('refuses a malformed reserved address in an IPv6 subnet', () => {
    expect(check('2001:db8::/64', 0, { reservedAddresses: [{ address: '2001:db8::1::2' }] }).errors).toEqual([
      'Reserved address 1 has invalid IPv6 format.',
    ]);
  });

  it('refuses a reserved address outside the subnet', () => {
    expect(check('10.0.0.0/24', 0, { reservedAddresses: [{ address: '10.0.1.1' }] }).errors).toEqual([
      'Reserved address 1 is outside the subnet.',
    ]);
  });

  it('accepts a reserved address inside an IPv6 subnet', () => {
    expect(check('2001:db8::/64', 0, { reservedAddresses: [{ address: '2001:db8::1' }] }).errors).toEqual([]);
  });
});

describe('growth', () => {
  it('recommends a /26 when 25 hosts plus 25% growth outgrow a /27', () => {
    expect(check('10.0.0.0/27', 25, { plannedGrowth: 25 }).recommendations).toContainEqual({
      type: 'PLAN_FOR_GROWTH',
      suggestion: 'With planned growth this subnet needs room for 32 hosts: a /26.',
    });
  });

  it('recommends nothing when the growth still fits', () => {
    expect(check('10.0.0.0/27', 20, { plannedGrowth: 25 }).recommendations).toEqual([]);
  });

  it('sizes 100 hosts with 25% growth as a /25', () => {
    expect(recommendedPrefixLength(4, 100, 25)).toBe(25);
  });

  it('sizes an empty subnet as a single address', () => {
    expect(recommendedPrefixLength(4, 0, 25)).toBe(32);
  });
});

describe('subnetWarnings (the IP view and the create form)', () => {
  const v4 = (length: number) => ({ version: 4 as const, network: 0x0a000000n, length });
  it('warns of size past /30 and below /8, and of use above 80 % and 90 %', () => {
    expect(subnetWarnings(v4(24))).toEqual([]);
    expect(subnetWarnings(v4(31)).map((w) => w.message)).toEqual([
      'A /31 subnet leaves very few usable host addresses.',
    ]);
    expect(subnetWarnings(v4(7)).map((w) => w.type)).toEqual(['VERY_LARGE_SUBNET']);
    expect(subnetWarnings(v4(24), 203)).toEqual([]);
    expect(subnetWarnings(v4(24), 204).map((w) => w.message)).toEqual([
      'High utilization: 80.3% of usable host addresses are in use.',
    ]);
    expect(subnetWarnings(v4(24), 230).map((w) => w.type)).toEqual(['VERY_HIGH_UTILIZATION']);
  });
});
