import { planStats } from '@ipam/core/plan-tree';
import { describe, expect, it } from 'vitest';
import { grouped } from './grouped.js';
import { planSubnet } from './plan-subnet-fixture.js';
import { statCards, utilizationLevel } from './plan-stats-text.js';

describe('PL-42 stat cards', () => {
  it('PL-97: 5 subnets, 4 active, 1,014 hosts, 27%', () => {
    const subnets = [
      planSubnet('A', '10.0.0.0/24', { currentHosts: 100 }),
      planSubnet('B', '10.0.1.0/24', { status: 'planned' }),
      planSubnet('C', '10.0.2.0/25', { currentHosts: 120 }),
      planSubnet('D', '10.0.4.0/24'),
      planSubnet('E', '10.0.0.128/25'),
    ];
    const cards = statCards(planStats(subnets));
    expect(cards.map(({ label, value }) => [label, value])).toEqual([
      ['Total Subnets', '5'],
      ['Active Subnets', '4'],
      ['Total Hosts', '1,014'],
      ['Avg Utilization', '27%'],
    ]);
    expect(cards[2]?.tooltip).toBe('IPv4: 1,014 · IPv6: 0');
  });

  it('Total Hosts is exact for IPv6 and Avg Utilization is 0% without subnets', () => {
    const cards = statCards(planStats([planSubnet('v6', '2001:db8::/64')]));
    expect(cards[2]?.value).toBe('18,446,744,073,709,551,616');
    expect(statCards(planStats([]))[3]?.value).toBe('0%');
  });
});

describe('PL-54 utilization bar class', () => {
  it('PL-98: 204 hosts in a /24 (80.3 %) is high, 203 (79.9 %) medium', () => {
    expect(utilizationLevel(204, '254')).toBe('high');
    expect(utilizationLevel(203, '254')).toBe('medium');
  });

  it('uses the exact ratio: 80.04 % (shown 80.0) is high like its warning (S17)', () => {
    expect(utilizationLevel(8004, '10000')).toBe('high');
    expect(utilizationLevel(8000, '10000')).toBe('medium');
    expect(utilizationLevel(6000, '10000')).toBe('low');
  });
});

describe('grouped', () => {
  it('groups any size with commas', () => {
    expect(grouped(0)).toBe('0');
    expect(grouped(1014)).toBe('1,014');
    expect(grouped('4611686018427387904')).toBe('4,611,686,018,427,387,904');
  });
});
