import { describe, expect, it } from 'vitest';
import { planSubnet } from './plan-subnet-fixture.js';
import { defaultSort, sortSubnets, toggleSort } from './subnet-sort.js';

const ids = (list: { id: string }[]) => list.map((subnet) => subnet.id);

describe('PL-55 table sort', () => {
  const subnets = [
    planSubnet('v6', '2001:db8::/64'),
    planSubnet('ten-ten', '10.10.0.0/24', { currentHosts: 5 }),
    planSubnet('nine', '9.0.0.0/8', { currentHosts: 200 }),
    planSubnet('ten-two', '10.2.0.0/24', { currentHosts: 250 }),
  ];

  it('sorts Network numerically, IPv4 before IPv6, by default ascending', () => {
    // As text 10.10 < 10.2 < 9: numerically 9 < 10.2 < 10.10.
    expect(ids(sortSubnets(subnets, defaultSort))).toEqual(['nine', 'ten-two', 'ten-ten', 'v6']);
  });

  it('sorts Usable Hosts as BigInt (an IPv6 /64 is beyond 2^53)', () => {
    const sorted = sortSubnets(subnets, { column: 'usableHosts', direction: 'desc' });
    expect(ids(sorted)).toEqual(['v6', 'nine', 'ten-two', 'ten-ten']);
  });

  it('sorts Current Hosts and Utilization numerically', () => {
    expect(ids(sortSubnets(subnets, { column: 'currentHosts', direction: 'asc' }))).toEqual([
      'v6',
      'ten-ten',
      'nine',
      'ten-two',
    ]);
    expect(ids(sortSubnets(subnets, { column: 'utilization', direction: 'desc' }))[0]).toBe('ten-two');
  });

  it('sorts names case-insensitively with core compareNames', () => {
    const named = [
      planSubnet('b', '10.0.0.0/24', { name: 'beta' }),
      planSubnet('a', '10.0.1.0/24', { name: 'Alpha' }),
    ];
    expect(ids(sortSubnets(named, { column: 'name', direction: 'asc' }))).toEqual(['a', 'b']);
  });

  it('a click toggles the direction of the sorted column, another column starts ascending', () => {
    expect(toggleSort(defaultSort, 'network')).toEqual({ column: 'network', direction: 'desc' });
    expect(toggleSort({ column: 'network', direction: 'desc' }, 'name')).toEqual({
      column: 'name',
      direction: 'asc',
    });
  });
});
