import { compareNames } from '@ipam/core/name-order';

/** The fields the tree needs from a group. */
export interface GroupLink {
  id: string;
  name: string;
  parentId: string;
}

/** A group with its child groups, ordered by name. */
export interface GroupNode<G extends GroupLink> {
  group: G;
  children: GroupNode<G>[];
  depth: number;
}

/** Siblings in the server's name order (core's compareNames), ids breaking ties. */
const byName = (a: GroupLink, b: GroupLink) =>
  compareNames(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The groups as a forest: top-level groups (no parent, or a parent that is gone) at the roots, each
 * group under its parent. A parent loop in bad data cannot hang the page: its groups become roots.
 */
export function buildGroupTree<G extends GroupLink>(groups: readonly G[]): GroupNode<G>[] {
  const ids = new Set(groups.map((group) => group.id));
  const childrenOf = new Map<string, G[]>();
  for (const group of groups) {
    const parent = group.parentId && ids.has(group.parentId) ? group.parentId : '';
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), group]);
  }
  const placed = new Set<string>();
  const grow = (group: G, depth: number): GroupNode<G> => {
    placed.add(group.id);
    const children = (childrenOf.get(group.id) ?? [])
      .filter((child) => !placed.has(child.id))
      .sort(byName)
      .map((child) => grow(child, depth + 1));
    return { group, children, depth };
  };
  const roots = [...(childrenOf.get('') ?? [])].sort(byName).map((group) => grow(group, 0));
  // Groups caught in a parent loop are reachable from no root: show them at the top level.
  const stranded = groups.filter((group) => !placed.has(group.id)).sort(byName);
  for (const group of stranded) if (!placed.has(group.id)) roots.push(grow(group, 0));
  return roots;
}

/** The tree flattened depth-first, for selects that show nesting by indentation. */
export function flattenGroupTree<G extends GroupLink>(nodes: readonly GroupNode<G>[]): GroupNode<G>[] {
  return nodes.flatMap((node) => [node, ...flattenGroupTree(node.children)]);
}

/** The ids of a group and every group below it: none of them can become its parent. */
export function groupAndDescendants(groups: readonly GroupLink[], groupId: string): Set<string> {
  const result = new Set([groupId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const group of groups) {
      if (!result.has(group.id) && result.has(group.parentId)) {
        result.add(group.id);
        grew = true;
      }
    }
  }
  return result;
}

/** Options for a parent or group select: every group in tree order, with its depth for indenting. */
export function groupOptions(
  groups: readonly GroupLink[],
  exclude: ReadonlySet<string> = new Set(),
): { value: string; label: string; depth: number }[] {
  return flattenGroupTree(buildGroupTree(groups))
    .filter((node) => !exclude.has(node.group.id))
    .map((node) => ({ value: node.group.id, label: node.group.name, depth: node.depth }));
}
