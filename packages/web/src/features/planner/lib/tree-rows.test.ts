import { describe, expect, it } from 'vitest';
import { planSubnet } from './plan-subnet-fixture.js';
import { allParents, treeKeyAction, treeModel, visibleTreeRows } from './tree-rows.js';

const subnets = [
  planSubnet('v6', '2001:db8::/64'),
  planSubnet('B', '10.0.1.0/24'),
  planSubnet('A', '10.0.0.0/24'),
  planSubnet('A2', '10.0.0.128/25', { parentSubnetId: 'A' }),
  planSubnet('A1', '10.0.0.0/25', { parentSubnetId: 'A' }),
];
const model = treeModel(subnets);
const names = (rows: { subnet: { id: string } }[]) => rows.map((row) => row.subnet.id);

describe('PL-52 tree rows', () => {
  it('parents before children, siblings by address, IPv4 before IPv6', () => {
    const rows = visibleTreeRows(model, new Set());
    expect(names(rows)).toEqual(['A', 'A1', 'A2', 'B', 'v6']);
    expect(rows.map((row) => row.level)).toEqual([0, 1, 1, 0, 0]);
    expect(rows[0]).toMatchObject({ hasChildren: true, isExpanded: true, setSize: 3, position: 1 });
    expect(rows[2]).toMatchObject({ parentId: 'A', setSize: 2, position: 2 });
  });

  it('Collapse All hides every child; Expand All shows them', () => {
    expect(names(visibleTreeRows(model, allParents(model)))).toEqual(['A', 'B', 'v6']);
  });
});

describe('PL-107 tree keyboard', () => {
  const rows = visibleTreeRows(model, new Set());
  const collapsed = visibleTreeRows(model, new Set(['A']));

  it('Up and Down move; Home and End jump', () => {
    expect(treeKeyAction('ArrowDown', rows, 0)).toEqual({ type: 'focus', index: 1 });
    expect(treeKeyAction('ArrowUp', rows, 0)).toBeNull();
    expect(treeKeyAction('End', rows, 0)).toEqual({ type: 'focus', index: 4 });
    expect(treeKeyAction('Home', rows, 3)).toEqual({ type: 'focus', index: 0 });
  });

  it('Right expands a collapsed node, then goes to its first child', () => {
    expect(treeKeyAction('ArrowRight', collapsed, 0)).toEqual({ type: 'expand', id: 'A' });
    expect(treeKeyAction('ArrowRight', rows, 0)).toEqual({ type: 'focus', index: 1 });
  });

  it('Left collapses an open node, or goes to the parent', () => {
    expect(treeKeyAction('ArrowLeft', rows, 0)).toEqual({ type: 'collapse', id: 'A' });
    expect(treeKeyAction('ArrowLeft', rows, 2)).toEqual({ type: 'focus', index: 0 });
  });

  it('Enter selects', () => {
    expect(treeKeyAction('Enter', rows, 3)).toEqual({ type: 'select', id: 'B' });
  });
});
