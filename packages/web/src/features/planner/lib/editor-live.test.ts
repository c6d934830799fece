import { describe, expect, it } from 'vitest';
import { liveDetails, parentChoices } from './editor-live.js';
import { planSubnet } from './plan-subnet-fixture.js';
import { newSubnetValues } from './subnet-form.js';

const settings = {
  autoCalculateDetails: true,
  validateOverlaps: true,
  showUtilization: true,
  defaultIPVersion: 'IPv4' as const,
};
const values = (fields: Partial<ReturnType<typeof newSubnetValues>>) => ({
  ...newSubnetValues(settings, null),
  ...fields,
});

describe('PL-57 live computed panel (core planSubnetDerived)', () => {
  it('is empty until the address and CIDR make a prefix', () => {
    expect(liveDetails(values({ networkAddress: '10.0.0.0', cidr: '' }))).toBeNull();
  });

  it('PL-98: 204 hosts in a /24 shows 80.3 % and the high-utilization warning', () => {
    const derived = liveDetails(values({ networkAddress: '10.0.0.0', cidr: 24, currentHosts: 204 }));
    expect(derived?.details).toMatchObject({
      usableHosts: '254',
      broadcastAddress: '10.0.0.255',
      subnetMask: '255.255.255.0',
    });
    expect(derived?.details.utilization.percentage).toBe(80.3);
    expect(derived?.validationResults.warnings.map((w) => w.message)).toContain(
      'High utilization: 80.3% of usable host addresses are in use.',
    );
  });
});

describe('PL-57 parent choices', () => {
  const subnets = [
    planSubnet('big', '10.0.0.0/16'),
    planSubnet('lan', '10.0.0.0/24', { parentSubnetId: 'big' }),
    planSubnet('other', '192.168.0.0/24'),
    planSubnet('v6', '2001:db8::/48'),
  ];

  it('lists the subnets of the same version that contain the typed prefix', () => {
    const typed = values({ networkAddress: '10.0.0.64', cidr: 26 });
    expect(parentChoices(subnets, typed, null).map((s) => s.id)).toEqual(['big', 'lan']);
  });

  it('never the edited subnet or its descendants', () => {
    expect(parentChoices(subnets, values({}), 'big').map((s) => s.id)).toEqual(['other']);
  });
});
