import type { Subnet } from '@ipam/core/api/ipam';
import { describe, expect, it } from 'vitest';
import {
  addressCountText,
  free64Text,
  containerCoverage,
  containerRows,
  groupSubnetTrees,
  leavesBelow,
  percentText,
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

const ids = (nodes: { subnet: Subnet; children: unknown[] }[]): unknown[] =>
  nodes.map((node) =>
    node.children.length === 0
      ? node.subnet.id
      : { [node.subnet.id]: ids(node.children as { subnet: Subnet; children: unknown[] }[]) },
  );

describe('groupSubnetTrees', () => {
  it('puts a container’s subnets under it in address order, the rest at the top in list order', () => {
    const subnets = [
      v4('z-top', '192.168.0.0/24'),
      v4('dc', '10.0.0.0/16', { kind: 'container' }),
      v4('c', '10.0.5.0/24', { parentId: 'dc' }),
      v4('a', '10.0.1.0/24', { parentId: 'dc' }),
      v4('inner', '10.0.8.0/22', { parentId: 'dc', kind: 'container' }),
      v4('deep', '10.0.9.0/24', { parentId: 'inner' }),
    ];
    expect(ids(groupSubnetTrees(subnets).get('g1') ?? [])).toEqual([
      'z-top',
      { dc: ['a', 'c', { inner: ['deep'] }] },
    ]);
  });

  it('shows a subnet whose container is in another group at the top of its own group', () => {
    const subnets = [
      v4('dc', '10.0.0.0/16', { kind: 'container' }),
      v4('here', '10.0.1.0/24', { parentId: 'dc' }),
      v4('elsewhere', '10.0.2.0/24', { parentId: 'dc', groupId: 'g2' }),
    ];
    const trees = groupSubnetTrees(subnets);
    expect(ids(trees.get('g1') ?? [])).toEqual([{ dc: ['here'] }]);
    expect(ids(trees.get('g2') ?? [])).toEqual(['elsewhere']);
  });

  it('keeps subnets of a parent loop or a missing parent visible', () => {
    const subnets = [
      v4('x', '10.0.0.0/16', { kind: 'container', parentId: 'y' }),
      v4('y', '10.0.0.0/17', { kind: 'container', parentId: 'x' }),
      v4('orphan', '10.9.0.0/24', { parentId: 'gone' }),
    ];
    const shown = ids(groupSubnetTrees(subnets).get('g1') ?? []);
    expect(JSON.stringify(shown)).toContain('"x"');
    expect(JSON.stringify(shown)).toContain('"y"');
    expect(shown).toContain('orphan');
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
