import { describe, expect, it } from 'vitest';
import { validatePlan, type ValidationSubnet } from './plan-validation.js';

const now = new Date('2026-11-24T10:00:00.000Z');
const subnet = (
  id: string,
  net: string,
  currentHosts = 0,
  parentSubnetId: string | null = null,
): ValidationSubnet => {
  const [networkAddress = '', cidr = '0'] = net.split('/');
  return {
    id,
    name: id,
    parentSubnetId,
    ipVersion: net.includes(':') ? 'IPv6' : 'IPv4',
    networkAddress,
    cidr: Number(cidr),
    reservedAddresses: [],
    planning: { currentHosts, plannedGrowth: 25 },
  };
};

const pl97 = (eParent: string | null) => [
  subnet('A', '10.0.0.0/24', 100),
  subnet('B', '10.0.1.0/24'),
  subnet('C', '10.0.2.0/25', 120),
  subnet('D', '10.0.4.0/24'),
  subnet('E', '10.0.0.128/25', 0, eParent),
];

describe('validatePlan (PL-27 … PL-31)', () => {
  it('PL-97: a complete overlap A ⊃ E, the 384-address gap, C warned and recommended, MAKE_CHILD', () => {
    const result = validatePlan(pl97(null), now);
    expect(result.isValid).toBe(false);
    expect(result.lastValidated).toBe('2026-11-24T10:00:00.000Z');
    expect(result.overlaps).toEqual([
      {
        subnet1: { id: 'A', name: 'A', network: '10.0.0.0/24' },
        subnet2: { id: 'E', name: 'E', network: '10.0.0.128/25' },
        overlapType: 'complete',
        isDuplicate: false,
      },
    ]);
    expect(result.gaps).toEqual([
      {
        type: 'between_subnets',
        version: 'IPv4',
        startAddress: '10.0.2.128',
        endAddress: '10.0.3.255',
        size: '384',
        beforeSubnet: 'C',
        afterSubnet: 'D',
      },
    ]);
    expect(result.warnings).toEqual([
      {
        subnetId: 'C',
        type: 'VERY_HIGH_UTILIZATION',
        message: 'Very high utilization: 95.2% of usable host addresses are in use.',
      },
    ]);
    expect(result.recommendations.map((r) => [r.subnetId, r.type])).toEqual([
      ['C', 'SPLIT_SUBNET'],
      ['C', 'PLAN_FOR_GROWTH'],
      ['E', 'MAKE_CHILD'],
    ]);
    expect(result.recommendations[1]!.suggestion).toBe(
      'With planned growth this subnet needs room for 150 hosts: a /24.',
    );
    expect(result.recommendations[2]!.suggestion).toBe('Make "E" a child of "A".');
  });

  it('PL-97: once E is a child of A there is no overlap and the plan is valid, with A half unallocated', () => {
    const result = validatePlan(pl97('A'), now);
    expect(result.overlaps).toEqual([]);
    expect(result.isValid).toBe(true);
    expect(result.recommendations.some((r) => r.type === 'MAKE_CHILD')).toBe(false);
    expect(result.gaps.filter((gap) => gap.type === 'unallocated_in_parent')).toEqual([
      {
        type: 'unallocated_in_parent',
        version: 'IPv4',
        startAddress: '10.0.0.0',
        endAddress: '10.0.0.127',
        size: '128',
        beforeSubnet: 'A',
        afterSubnet: null,
      },
    ]);
  });

  it('PL-31: a subnet with errors makes the plan invalid; warnings alone do not', () => {
    expect(validatePlan([subnet('X', '10.0.0.0/30', 5)], now).isValid).toBe(false);
    expect(validatePlan([subnet('Y', '10.0.0.0/31')], now)).toMatchObject({ isValid: true });
  });

  it('PL-28: a duplicate is a complete overlap flagged isDuplicate, without MAKE_CHILD', () => {
    const result = validatePlan([subnet('P', '2001:db8::/64'), subnet('Q', '2001:db8::/64')], now);
    expect(result.overlaps).toHaveLength(1);
    expect(result.overlaps[0]).toMatchObject({ overlapType: 'complete', isDuplicate: true });
    expect(result.recommendations).toEqual([]);
  });

  it('PL-33: validates 10,000 subnets (its time, < 100 ms, is measured in bench/planner.md)', () => {
    const subnets = Array.from({ length: 10_000 }, (_, i) =>
      subnet(`s${i}`, `10.${Math.floor(i / 256)}.${i % 256}.0/24`, i % 250),
    );
    const result = validatePlan(subnets, now);
    expect(result.overlaps).toEqual([]);
    expect(result.isValid).toBe(true);
  });
});
