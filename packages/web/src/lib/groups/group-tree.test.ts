import { sortedByName } from '@ipam/core/name-order';
import { describe, expect, it } from 'vitest';
import { buildGroupTree, flattenGroupTree, groupAndDescendants, groupOptions } from './group-tree.js';

const g = (id: string, name: string, parentId = '') => ({ id, name, parentId });

describe('group tree', () => {
  it('nests groups under their parents, ordered by name at every level', () => {
    const tree = buildGroupTree([
      g('3', 'Zurich'),
      g('1', 'Berlin'),
      g('2', 'Racks', '1'),
      g('4', 'Floor', '1'),
    ]);
    expect(tree.map((node) => node.group.name)).toEqual(['Berlin', 'Zurich']);
    expect(tree[0]?.children.map((node) => [node.group.name, node.depth])).toEqual([
      ['Floor', 1],
      ['Racks', 1],
    ]);
  });

  it('orders siblings as the server orders its lists (core name order, not the browser locale)', () => {
    const groups = [g('1', 'zeta'), g('2', 'Ärger'), g('3', 'beta'), g('4', 'alpha'), g('5', 'Alpha')];
    const names = buildGroupTree(groups).map((node) => node.group.name);
    expect(names).toEqual(['Alpha', 'alpha', 'beta', 'zeta', 'Ärger']);
    expect(names).toEqual(sortedByName(groups).map((group) => group.name));
  });

  it('puts a group whose parent is gone at the top level', () => {
    const tree = buildGroupTree([g('1', 'Orphan', 'deleted'), g('2', 'Root')]);
    expect(tree.map((node) => node.group.name)).toEqual(['Orphan', 'Root']);
  });

  it('shows groups caught in a parent loop once each instead of hanging', () => {
    const flat = flattenGroupTree(buildGroupTree([g('1', 'A', '2'), g('2', 'B', '1'), g('3', 'C')]));
    expect(flat.map((node) => node.group.id).sort()).toEqual(['1', '2', '3']);
  });

  it('finds a group and everything below it, and leaves them out of the parent choices', () => {
    const groups = [g('1', 'Site'), g('2', 'Hall', '1'), g('3', 'Rack', '2'), g('4', 'Other')];
    expect([...groupAndDescendants(groups, '2')].sort()).toEqual(['2', '3']);
    expect(groupOptions(groups, groupAndDescendants(groups, '2')).map((o) => o.value)).toEqual(['4', '1']);
    expect(groupOptions(groups).map((o) => [o.label, o.depth])).toEqual([
      ['Other', 0],
      ['Site', 0],
      ['Hall', 1],
      ['Rack', 2],
    ]);
  });
});
