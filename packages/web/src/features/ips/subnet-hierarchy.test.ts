import type { Subnet } from '@ipam/core/api/ipam';
import { describe, expect, it } from 'vitest';
import {
  addressCountText,
  free64Text,
  containerCoverage,
  containerRows,
  inAddressOrder,
  leavesBelow,
  levelsBelow,
  pathFromKnown,
  percentText,
  topLevelByGroup,
} from './subnet-hierarchy.js';

/** An IPv4 subnet as the API answers it, from a CIDR. */
function v4(id: string, cidr: string, more: Partial<Subnet> = {}): Subnet {
  const [networkIP = '', bits = '0'] = cidr.split('/');
  return {
    id,
    name: id,
    vlanId: 1,
    description: '',
    groupId: 'g1',
    networkIP,
    scanningType: 'none',
    scanFrequency: null,
    lastScanned: null,
    scanNow: false,
    updatedDate: '2026-01-01T00:00:00.000Z',
    updatedBy: null,
    vrfId: 'global',
    kind: 'leaf',
    parentId: null,
    version: 4,
    bits: Number(bits),
    ...more,
  } as Subnet;
}

const ids = (subnets: readonly Subnet[] | undefined) => (subnets ?? []).map((subnet) => subnet.id);

describe('topLevelByGroup and inAddressOrder', () => {
  it('splits the top level by group, keeping the list’s (name) order', () => {
    const top = [
      v4('b-top', '192.168.0.0/24'),
      v4('a-top', '10.9.0.0/24', { groupId: 'g2' }),
      v4('c-top', '10.0.0.0/16', { kind: 'container' }),
    ];
    const byGroup = topLevelByGroup(top);
    expect(ids(byGroup.get('g1'))).toEqual(['b-top', 'c-top']);
    expect(ids(byGroup.get('g2'))).toEqual(['a-top']);
  });

  it('orders a container’s level by address, the larger block first', () => {
    const level = [
      v4('c', '10.0.5.0/24'),
      v4('inner', '10.0.4.0/22', { kind: 'container' }),
      v4('a', '10.0.1.0/24'),
      v4('v6', '2001:db8::/64', { version: 6, bits: undefined, prefixLength: 64 } as Partial<Subnet>),
    ];
    expect(ids(inAddressOrder(level))).toEqual(['a', 'inner', 'c', 'v6']);
  });
});

describe('pathFromKnown', () => {
  const known = new Map(
    [
      v4('dc', '10.0.0.0/16', { kind: 'container' }),
      v4('row', '10.0.8.0/22', { kind: 'container', parentId: 'dc' }),
      v4('rack', '10.0.9.0/24', { parentId: 'row' }),
      v4('lost', '10.1.0.0/24', { parentId: 'unread' }),
      v4('x', '10.2.0.0/16', { kind: 'container', parentId: 'y' }),
      v4('y', '10.2.0.0/17', { kind: 'container', parentId: 'x' }),
    ].map((subnet) => [subnet.id, subnet]),
  );

  it('gives the subnet with its containers, outermost first', () => {
    expect(ids(pathFromKnown('rack', known))).toEqual(['dc', 'row', 'rack']);
    expect(ids(pathFromKnown('dc', known))).toEqual(['dc']);
  });

  it('gives nothing when a link was not read, or the chain loops', () => {
    expect(pathFromKnown('lost', known)).toBeUndefined();
    expect(pathFromKnown('unread', known)).toBeUndefined();
    expect(pathFromKnown('x', known)).toBeUndefined();
  });
});

describe('levelsBelow', () => {
  const levels = new Map<string, Subnet[]>([
    [
      'dc',
      [
        v4('a', '10.0.1.0/24', { parentId: 'dc' }),
        v4('row1', '10.0.8.0/22', { kind: 'container', parentId: 'dc' }),
        v4('row2', '10.0.16.0/22', { kind: 'container', parentId: 'dc' }),
      ],
    ],
    ['row1', [v4('rack', '10.0.8.0/23', { kind: 'container', parentId: 'row1' })]],
    ['row2', [v4('b', '10.0.16.0/24', { parentId: 'row2' })]],
    ['rack', [v4('deep', '10.0.8.0/24', { parentId: 'rack' })]],
  ]);

  it('walks the levels breadth first and gathers every subnet below', () => {
    const below = levelsBelow('dc', (id) => levels.get(id), 10);
    expect(below.containerIds).toEqual(['dc', 'row1', 'row2', 'rack']);
    expect(ids(below.subnets)).toEqual(['a', 'row1', 'row2', 'rack', 'b', 'deep']);
    expect(below.isComplete).toBe(true);
    expect(below.isCapped).toBe(false);
  });

  it('asks for the levels not read yet and says it is not complete', () => {
    const below = levelsBelow('dc', (id) => (id === 'row2' ? undefined : levels.get(id)), 10);
    expect(below.containerIds).toEqual(['dc', 'row1', 'row2', 'rack']);
    expect(ids(below.subnets)).toEqual(['a', 'row1', 'row2', 'rack', 'deep']);
    expect(below.isComplete).toBe(false);
    expect(levelsBelow('dc', () => undefined, 10)).toEqual({
      containerIds: ['dc'],
      subnets: [],
      isComplete: false,
      isCapped: false,
    });
  });

  it('reads at most maxLevels levels', () => {
    const below = levelsBelow('dc', (id) => levels.get(id), 2);
    expect(below.containerIds).toEqual(['dc', 'row1']);
    expect(ids(below.subnets)).toEqual(['a', 'row1', 'row2', 'rack']);
    expect(below.isComplete).toBe(false);
    expect(below.isCapped).toBe(true);
  });
});

describe('containerRows', () => {
  const container = v4('dc', '10.20.0.0/16', { kind: 'container' });
  const subnets = [
    container,
    v4('b', '10.20.1.0/24', { parentId: 'dc' }),
    v4('a', '10.20.0.0/24', { parentId: 'dc' }),
    v4('c', '10.20.5.0/24', { parentId: 'dc', groupId: 'g2', kind: 'container' }),
    v4('deep', '10.20.5.0/25', { parentId: 'c' }),
    v4('outside', '10.30.0.0/24'),
  ];

  it('lists its subnets (any group) and the free blocks between them, in address order', () => {
    const rows = containerRows(container, subnets).map((row) =>
      row.type === 'subnet' ? row.subnet.id : `free ${row.cidr} ${row.size}`,
    );
    expect(rows).toEqual([
      'a',
      'b',
      'free 10.20.2.0/23 512',
      'free 10.20.4.0/24 256',
      'c',
      'free 10.20.6.0/23 512',
      'free 10.20.8.0/21 2048',
      'free 10.20.16.0/20 4096',
      'free 10.20.32.0/19 8192',
      'free 10.20.64.0/18 16384',
      'free 10.20.128.0/17 32768',
    ]);
  });

  it('is one free block, the whole container, when it is empty', () => {
    const rows = containerRows(container, [container]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'free', cidr: '10.20.0.0/16', size: 65_536n });
  });

  it('measures what its subnets cover and finds the leaves below it', () => {
    expect(containerCoverage(container, subnets)).toEqual({ covered: 768n, total: 65_536n });
    expect(leavesBelow(container, subnets).map((subnet) => subnet.id)).toEqual(['a', 'b', 'deep']);
  });
});

describe('texts', () => {
  it('rounds a share, keeping slivers and near-full blocks apart from 0% and 100%', () => {
    expect(percentText(0n, 100n)).toBe('0%');
    expect(percentText(1n, 65_536n)).toBe('<1%');
    expect(percentText(768n, 65_536n)).toBe('1%');
    expect(percentText(1n, 2n)).toBe('50%');
    expect(percentText(65_535n, 65_536n)).toBe('>99%');
    expect(percentText(5n, 5n)).toBe('100%');
    expect(percentText(0n, 0n)).toBe('0%');
  });

  it('counts addresses, an IPv6-sized power of two as 2^n', () => {
    expect(addressCountText(1n)).toBe('1 address');
    expect(addressCountText(1024n)).toBe('1,024 addresses');
    expect(addressCountText(1n << 64n)).toBe('18,446,744,073,709,551,616 addresses');
  });

  it('counts the /64s free IPv6 blocks hold, exactly', () => {
    const v6 = (length: number) => ({ version: 6 as const, network: 0n, length });
    expect(free64Text([v6(48)])).toBe('65,536 /64s');
    expect(free64Text([v6(64)])).toBe('1 /64');
    expect(free64Text([v6(49), v6(112)])).toBe('32,768 /64s');
    expect(free64Text([v6(32)])).toBe('4,294,967,296 /64s');
    expect(free64Text([{ version: 4, network: 0n, length: 24 }])).toBeNull();
  });
});
