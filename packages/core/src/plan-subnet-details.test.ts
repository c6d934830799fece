import { describe, expect, it } from 'vitest';
import { planSubnetDerived, type PlanSubnetFields } from './plan-subnet-details.js';

const subnet = (
  networkAddress: string,
  cidr: number,
  currentHosts = 0,
  extra: Partial<PlanSubnetFields> = {},
): PlanSubnetFields => ({
  ipVersion: networkAddress.includes(':') ? 'IPv6' : 'IPv4',
  networkAddress,
  cidr,
  reservedAddresses: [],
  planning: { currentHosts, plannedGrowth: 25 },
  ...extra,
});

describe('planSubnetDerived (PL-4)', () => {
  it('PL-4: an IPv4 /24 has 254 usable of 256, a broadcast and a dotted mask', () => {
    const { details, recommendedSize } = planSubnetDerived(subnet('10.0.0.0', 24, 100));
    expect(details).toEqual({
      usableHosts: '254',
      totalHosts: '256',
      broadcastAddress: '10.0.0.255',
      subnetMask: '255.255.255.0',
      utilization: { percentage: 39.4 },
    });
    expect(recommendedSize).toBe('/25'); // 125 hosts with 25 % growth
  });

  it('PL-4: IPv4 /31 and /32 follow RFC 3021 and have no broadcast', () => {
    expect(planSubnetDerived(subnet('10.0.0.0', 31)).details).toMatchObject({
      usableHosts: '2',
      totalHosts: '2',
      broadcastAddress: null,
    });
    expect(planSubnetDerived(subnet('10.0.0.1', 32)).details).toMatchObject({
      usableHosts: '1',
      broadcastAddress: null,
      subnetMask: '255.255.255.255',
    });
  });

  it('PL-4: IPv6 counts are exact decimal strings, the mask is RFC 5952, no broadcast', () => {
    const { details } = planSubnetDerived(subnet('2001:db8::', 64, 10));
    expect(details.usableHosts).toBe('18446744073709551616');
    expect(details.totalHosts).toBe('18446744073709551616');
    expect(details.broadcastAddress).toBeNull();
    expect(details.subnetMask).toBe('ffff:ffff:ffff:ffff::');
    expect(details.utilization.percentage).toBe(0);
  });

  it('PL-23, PL-98: 204 hosts in a /24 is 80.3 % with a HIGH_UTILIZATION warning, 203 has none', () => {
    const high = planSubnetDerived(subnet('10.0.0.0', 24, 204));
    expect(high.details.utilization.percentage).toBe(80.3);
    expect(high.validationResults.warnings).toEqual([
      { type: 'HIGH_UTILIZATION', message: 'High utilization: 80.3% of usable host addresses are in use.' },
    ]);
    const medium = planSubnetDerived(subnet('10.0.0.0', 24, 203));
    expect(medium.details.utilization.percentage).toBe(79.9);
    expect(medium.validationResults.warnings).toEqual([]);
  });

  it('PL-25, PL-103: too many hosts and a bad reserved address are errors', () => {
    const result = planSubnetDerived(
      subnet('10.0.0.0', 24, 300, { reservedAddresses: [{ address: '10.0.0.999' }] }),
    );
    expect(result.validationResults.isValid).toBe(false);
    expect(result.validationResults.errors).toEqual([
      'Current hosts (300) exceed available host addresses (254).',
      'Reserved address 1 has invalid IPv4 format.',
    ]);
  });
});
