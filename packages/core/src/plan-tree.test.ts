import { describe, expect, it } from 'vitest';
import { planSubnetDerived } from './plan-subnet-details.js';
import { descendantIds, planStats, planTree, type PlanTreeNode } from './plan-tree.js';

const node = (id: string, net: string, parent: string | null = null): PlanTreeNode => {
  const [networkAddress = '', cidr = '0'] = net.split('/');
  return {
    id,
    parentSubnetId: parent,
    ipVersion: net.includes(':') ? 'IPv6' : 'IPv4',
    networkAddress,
    cidr: Number(cidr),
  };
};

describe('planTree (PL-8)', () => {
  it('PL-8: parents before children, siblings by address, IPv4 before IPv6', () => {
    const subnets = [
      node('v6', '2001:db8::/64'),
      node('b', '10.0.1.0/24'),
      node('a2', '10.0.0.128/25', 'a'),
      node('a', '10.0.0.0/24'),
      node('a1', '10.0.0.0/25', 'a'),
      node('a11', '10.0.0.0/26', 'a1'),
      node('low', '9.0.0.0/8'),
    ];
    const { order, levels, childIds } = planTree(subnets);
    expect(order.map((s) => s.id)).toEqual(['low', 'a', 'a1', 'a11', 'a2', 'b', 'v6']);
    expect(Object.fromEntries(levels)).toEqual({ low: 0, a: 0, a1: 1, a11: 2, a2: 1, b: 0, v6: 0 });
    expect(childIds.get('a')).toEqual(['a1', 'a2']);
    expect(childIds.get('b')).toBeUndefined();
  });

  it('PL-8: a subnet whose parent is missing is a root, and a cycle loses nobody', () => {
    const { order } = planTree([
      node('x', '10.0.0.0/24', 'y'),
      node('y', '10.0.0.0/25', 'x'),
      node('o', '10.1.0.0/24', 'gone'),
    ]);
    expect(order.map((s) => s.id).sort()).toEqual(['o', 'x', 'y']);
  });
});

describe('descendantIds (PL-14)', () => {
  it('PL-14, PL-99: finds children and grandchildren but not the subnet or its siblings', () => {
    const subnets = [
      node('a', '10.0.0.0/24'),
      node('c', '10.0.0.0/25', 'a'),
      node('g', '10.0.0.0/26', 'c'),
      node('s', '10.0.1.0/24'),
    ];
    expect(descendantIds(subnets, 'a').sort()).toEqual(['c', 'g']);
    expect(descendantIds(subnets, 's')).toEqual([]);
  });
});

describe('planStats (PL-42)', () => {
  const stat = (net: string, status: string, currentHosts: number) => {
    const [networkAddress = '', cidr = '0'] = net.split('/');
    const ipVersion = net.includes(':') ? ('IPv6' as const) : ('IPv4' as const);
    const { details } = planSubnetDerived({
      ipVersion,
      networkAddress,
      cidr: Number(cidr),
      reservedAddresses: [],
      planning: { currentHosts, plannedGrowth: 25 },
    });
    return { ipVersion, status, details };
  };

  it('PL-97: 5 subnets, 4 active, 1,014 hosts, 27 % average', () => {
    const stats = planStats([
      stat('10.0.0.0/24', 'active', 100),
      stat('10.0.1.0/24', 'planned', 0),
      stat('10.0.2.0/25', 'active', 120),
      stat('10.0.4.0/24', 'active', 0),
      stat('10.0.0.128/25', 'active', 0),
    ]);
    expect(stats).toEqual({
      totalSubnets: 5,
      activeSubnets: 4,
      totalHosts: 1014n,
      ipv4Hosts: 1014n,
      ipv6Hosts: 0n,
      avgUtilization: 27,
    });
  });

  it('PL-42, S41: subdivided parents are left out of hosts and utilization; IPv6 is summed exactly', () => {
    const stats = planStats([
      stat('10.0.0.0/24', 'subdivided', 200),
      stat('10.0.0.0/25', 'planned', 63),
      stat('2001:db8::/64', 'planned', 0),
    ]);
    expect(stats.totalSubnets).toBe(3);
    expect(stats.ipv4Hosts).toBe(126n);
    expect(stats.ipv6Hosts).toBe(18446744073709551616n);
    expect(stats.totalHosts).toBe(18446744073709551742n);
    expect(stats.avgUtilization).toBe(25); // (50 + 0) / 2
  });

  it('PL-42: an empty plan averages 0', () => {
    expect(planStats([]).avgUtilization).toBe(0);
  });
});
