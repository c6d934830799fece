import { prefixLast, type IpVersion, type Prefix } from './prefix.js';

/** An inclusive range of addresses of one IP version. */
export interface AddressRange {
  readonly version: IpVersion;
  readonly start: bigint;
  readonly end: bigint;
}

/** Something to check for overlaps: a prefix or an arbitrary range, optionally a declared child of another. */
export type OverlapItem = {
  readonly id: string;
  readonly parentId?: string | null | undefined;
} & ({ readonly prefix: Prefix } | { readonly range: AddressRange });

/** 'complete' when one range contains the other, 'partial' when they only intersect. */
export type OverlapType = 'complete' | 'partial';

/** One overlapping pair; for a complete overlap `firstId` is the container. */
export interface Overlap {
  readonly firstId: string;
  readonly secondId: string;
  readonly overlapType: OverlapType;
  /** Both cover exactly the same addresses. */
  readonly isDuplicate: boolean;
}

/** The address range an item covers. */
export function rangeOfItem(item: OverlapItem): AddressRange {
  if ('range' in item) return item.range;
  const { prefix } = item;
  return { version: prefix.version, start: prefix.network, end: prefixLast(prefix) };
}

interface Entry {
  readonly id: string;
  readonly order: number;
  readonly version: IpVersion;
  readonly start: bigint;
  readonly end: bigint;
}

/**
 * Every pair of same-version items whose ranges intersect, except declared ancestor/descendant pairs
 * (parentId, followed transitively). Sorted by start then longest first, a sweep keeps the ranges still
 * open; each step drops expired ones and pairs the rest with the new item, so the cost is O(n log n + k)
 * for k intersecting pairs. Pairs come out in sweep order.
 */
export function findOverlaps(items: readonly OverlapItem[]): Overlap[] {
  const isRelated = ancestryCheck(items);
  const entries: Entry[] = items.map((item, order) => ({ id: item.id, order, ...rangeOfItem(item) }));
  entries.sort(compareEntries);
  const overlaps: Overlap[] = [];
  let open: Entry[] = [];
  let version: IpVersion | null = null;
  for (const entry of entries) {
    if (entry.version !== version) {
      open = [];
      version = entry.version;
    }
    // Every open entry started at or before this one; those still reaching it intersect it.
    open = open.filter((earlier) => earlier.end >= entry.start);
    for (const earlier of open) {
      if (isRelated(earlier.order, entry.order)) continue;
      const isComplete = earlier.end >= entry.end; // earlier.start <= entry.start by the sort
      overlaps.push({
        firstId: earlier.id,
        secondId: entry.id,
        overlapType: isComplete ? 'complete' : 'partial',
        isDuplicate: earlier.start === entry.start && earlier.end === entry.end,
      });
    }
    open.push(entry);
  }
  return overlaps;
}

function compareEntries(a: Entry, b: Entry): number {
  if (a.version !== b.version) return a.version - b.version;
  if (a.start !== b.start) return a.start < b.start ? -1 : 1;
  if (a.end !== b.end) return a.end > b.end ? -1 : 1;
  return a.order - b.order;
}

/**
 * Whether one item (by input position) reaches the other by following parentId links, in O(1) per
 * question. Each parentId cycle is folded into one node; a depth-first walk of the resulting forest
 * numbers every node on entry and exit, and an ancestor's interval encloses its descendants'.
 */
function ancestryCheck(items: readonly OverlapItem[]): (a: number, b: number) => boolean {
  const indexById = new Map<string, number>();
  items.forEach((item, index) => {
    if (!indexById.has(item.id)) indexById.set(item.id, index);
  });
  const parentOf = items.map((item) => (item.parentId == null ? -1 : (indexById.get(item.parentId) ?? -1)));
  if (parentOf.every((parent) => parent < 0)) return () => false;

  const cycleOf = findCycles(parentOf);
  const node = (index: number): number => (cycleOf[index]! >= 0 ? cycleOf[index]! : index);
  const children = new Map<number, number[]>();
  const roots: number[] = [];
  parentOf.forEach((parent, index) => {
    if (cycleOf[index]! >= 0) {
      if (cycleOf[index] === index) roots.push(index); // the cycle's representative
    } else if (parent < 0) {
      roots.push(index);
    } else {
      const list = children.get(node(parent));
      if (list) list.push(index);
      else children.set(node(parent), [index]);
    }
  });

  const enter = new Int32Array(items.length);
  const exit = new Int32Array(items.length);
  let clock = 0;
  for (const root of roots) {
    const stack: Array<{ node: number; next: number }> = [{ node: root, next: 0 }];
    enter[root] = clock++;
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const child = children.get(top.node)?.[top.next];
      if (child === undefined) {
        exit[top.node] = clock++;
        stack.pop();
      } else {
        top.next += 1;
        enter[child] = clock++;
        stack.push({ node: child, next: 0 });
      }
    }
  }
  const encloses = (outer: number, inner: number): boolean =>
    enter[outer]! < enter[inner]! && exit[inner]! < exit[outer]!;
  return (a, b) => {
    const [na, nb] = [node(a), node(b)];
    if (na === nb) return a !== b; // two members of one cycle reach each other
    return encloses(na, nb) || encloses(nb, na);
  };
}

/** For each index on a parentId cycle, the cycle member the walk met first (its representative); -1 elsewhere. */
function findCycles(parentOf: readonly number[]): Int32Array {
  const cycleOf = new Int32Array(parentOf.length).fill(-1);
  const state = new Uint8Array(parentOf.length); // 0 unseen, 1 on the current walk, 2 done
  for (let start = 0; start < parentOf.length; start++) {
    const path: number[] = [];
    let at = start;
    while (at >= 0 && state[at] === 0) {
      state[at] = 1;
      path.push(at);
      at = parentOf[at]!;
    }
    if (at >= 0 && state[at] === 1) {
      // The walk came back to itself: everything from `at` onwards is a cycle.
      for (const member of path.slice(path.indexOf(at))) cycleOf[member] = at;
    }
    for (const visited of path) state[visited] = 2;
  }
  return cycleOf;
}
