import type { PlanSubnet } from '@ipam/core/api/plan';
import { planTree } from '@ipam/core/plan-tree';

export interface TreeRow {
  subnet: PlanSubnet;
  level: number;
  parentId: string | null;
  hasChildren: boolean;
  isExpanded: boolean;
  /** How many children (for aria-setsize) and this one's place among them. */
  setSize: number;
  position: number;
}

export interface PlanTreeModel {
  /** Every subnet in tree order with its level and children (core planTree, PL-8, PL-52). */
  order: PlanSubnet[];
  levels: Map<string, number>;
  childIds: Map<string, string[]>;
}

/** The tree of a plan's subnets, from core (parents first, siblings by address, IPv4 first). */
export function treeModel(subnets: readonly PlanSubnet[]): PlanTreeModel {
  return planTree(subnets);
}

/** The rows shown when the subnets in `collapsed` hide their descendants. */
export function visibleTreeRows(model: PlanTreeModel, collapsed: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const parentOf = new Map<string, string>();
  const positionOf = new Map<string, number>();
  for (const [parent, children] of model.childIds) {
    children.forEach((child, index) => {
      parentOf.set(child, parent);
      positionOf.set(child, index + 1);
    });
  }
  const rootCount = model.order.filter((subnet) => !parentOf.has(subnet.id)).length;
  let hiddenBelow: number | null = null;
  let rootPosition = 0;
  for (const subnet of model.order) {
    const level = model.levels.get(subnet.id) ?? 0;
    if (hiddenBelow !== null && level > hiddenBelow) continue;
    hiddenBelow = null;
    const children = model.childIds.get(subnet.id) ?? [];
    const parentId = parentOf.get(subnet.id) ?? null;
    const siblings = parentId === null ? null : (model.childIds.get(parentId) ?? []);
    const isExpanded = children.length > 0 && !collapsed.has(subnet.id);
    rows.push({
      subnet,
      level,
      parentId,
      hasChildren: children.length > 0,
      isExpanded,
      setSize: siblings?.length ?? rootCount,
      position: parentId === null ? ++rootPosition : (positionOf.get(subnet.id) ?? 1),
    });
    if (children.length > 0 && !isExpanded) hiddenBelow = level;
  }
  return rows;
}

/** Collapse All: every subnet with children. */
export function allParents(model: PlanTreeModel): Set<string> {
  return new Set([...model.childIds.keys()]);
}

export type TreeKeyAction =
  | { type: 'focus'; index: number }
  | { type: 'expand'; id: string }
  | { type: 'collapse'; id: string }
  | { type: 'select'; id: string }
  | null;

/**
 * The tree's keyboard (PL-107, WAI-ARIA tree pattern): Up/Down move, Right expands or goes to the first
 * child, Left collapses or goes to the parent, Home/End jump, Enter or Space selects.
 */
export function treeKeyAction(key: string, rows: readonly TreeRow[], index: number): TreeKeyAction {
  const row = rows[index];
  if (!row) return null;
  switch (key) {
    case 'ArrowDown':
      return index + 1 < rows.length ? { type: 'focus', index: index + 1 } : null;
    case 'ArrowUp':
      return index > 0 ? { type: 'focus', index: index - 1 } : null;
    case 'Home':
      return { type: 'focus', index: 0 };
    case 'End':
      return { type: 'focus', index: rows.length - 1 };
    case 'ArrowRight':
      if (!row.hasChildren) return null;
      return row.isExpanded ? { type: 'focus', index: index + 1 } : { type: 'expand', id: row.subnet.id };
    case 'ArrowLeft': {
      if (row.hasChildren && row.isExpanded) return { type: 'collapse', id: row.subnet.id };
      const parent = rows.findIndex((candidate) => candidate.subnet.id === row.parentId);
      return parent >= 0 ? { type: 'focus', index: parent } : null;
    }
    case 'Enter':
    case ' ':
      return { type: 'select', id: row.subnet.id };
    default:
      return null;
  }
}
