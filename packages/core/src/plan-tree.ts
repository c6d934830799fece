import { ipVersionNumber, planSubnetPrefix } from './plan-subnet-details.js';

/** What the tree needs of a plan subnet. */
export interface PlanTreeNode {
  readonly id: string;
  readonly parentSubnetId: string | null;
  readonly ipVersion: 'IPv4' | 'IPv6';
  readonly networkAddress: string;
  readonly cidr: number;
}

interface Keyed<T> {
  readonly node: T;
  readonly version: number;
  readonly network: bigint;
}

/** Address order: IPv4 before IPv6, then by network, then the larger prefix first. */
function compareKeyed<T extends PlanTreeNode>(a: Keyed<T>, b: Keyed<T>): number {
  if (a.version !== b.version) return a.version - b.version;
  if (a.network !== b.network) return a.network < b.network ? -1 : 1;
  if (a.node.cidr !== b.node.cidr) return a.node.cidr - b.node.cidr;
  return a.node.id < b.node.id ? -1 : a.node.id > b.node.id ? 1 : 0;
}

/**
 * PL-8: the subnets in tree order with each one's level and children: parents before children,
 * siblings by address, IPv4 before IPv6. A subnet whose parent is missing is a root; subnets caught
 * in a parent cycle (impossible through the API) come last so none is lost.
 */
export function planTree<T extends PlanTreeNode>(
  subnets: readonly T[],
): { order: T[]; levels: Map<string, number>; childIds: Map<string, string[]> } {
  const keyed = subnets.map((node) => {
    const prefix = planSubnetPrefix(node);
    return { node, version: ipVersionNumber(node.ipVersion), network: prefix.network };
  });
  keyed.sort(compareKeyed);
  const ids = new Set(subnets.map((subnet) => subnet.id));
  const children = new Map<string, Keyed<T>[]>();
  const roots: Keyed<T>[] = [];
  for (const entry of keyed) {
    const parent = entry.node.parentSubnetId;
    if (parent === null || !ids.has(parent) || parent === entry.node.id) roots.push(entry);
    else {
      const list = children.get(parent);
      if (list) list.push(entry);
      else children.set(parent, [entry]);
    }
  }
  const order: T[] = [];
  const levels = new Map<string, number>();
  const walk = (start: readonly Keyed<T>[], level: number): void => {
    const stack: Array<{ entry: Keyed<T>; level: number }> = [...start]
      .reverse()
      .map((entry) => ({ entry, level }));
    while (stack.length > 0) {
      const { entry, level: depth } = stack.pop()!;
      if (levels.has(entry.node.id)) continue;
      levels.set(entry.node.id, depth);
      order.push(entry.node);
      const kids = children.get(entry.node.id) ?? [];
      for (let i = kids.length - 1; i >= 0; i--) stack.push({ entry: kids[i]!, level: depth + 1 });
    }
  };
  walk(roots, 0);
  if (order.length < keyed.length)
    walk(
      keyed.filter((entry) => !levels.has(entry.node.id)),
      0,
    );
  const childIds = new Map<string, string[]>();
  for (const [parent, list] of children)
    childIds.set(
      parent,
      list.map((entry) => entry.node.id),
    );
  return { order, levels, childIds };
}

/** PL-14: the ids of every descendant of a subnet (children, grandchildren, …), not the subnet itself. */
export function descendantIds(
  subnets: ReadonlyArray<Pick<PlanTreeNode, 'id' | 'parentSubnetId'>>,
  id: string,
): string[] {
  const children = new Map<string, string[]>();
  for (const subnet of subnets) {
    if (subnet.parentSubnetId === null) continue;
    const list = children.get(subnet.parentSubnetId);
    if (list) list.push(subnet.id);
    else children.set(subnet.parentSubnetId, [subnet.id]);
  }
  const found: string[] = [];
  const seen = new Set([id]);
  const stack = [...(children.get(id) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    found.push(next);
    stack.push(...(children.get(next) ?? []));
  }
  return found;
}

/** What the stat cards need of a plan subnet. */
export interface PlanStatsSubnet {
  readonly ipVersion: 'IPv4' | 'IPv6';
  readonly status: string;
  readonly details: { readonly usableHosts: string; readonly utilization: { readonly percentage: number } };
}

/** The four stat cards (PL-42). */
export interface PlanStats {
  readonly totalSubnets: number;
  readonly activeSubnets: number;
  /** Usable hosts of every subnet that is not a subdivided parent (S41), exact. */
  readonly totalHosts: bigint;
  readonly ipv4Hosts: bigint;
  readonly ipv6Hosts: bigint;
  /** Rounded mean utilization percentage of the non-subdivided subnets; 0 when there are none. */
  readonly avgUtilization: number;
}

/** PL-42: total and active subnets, total usable hosts (BigInt, IPv4/IPv6 split), average utilization. */
export function planStats(subnets: readonly PlanStatsSubnet[]): PlanStats {
  let ipv4Hosts = 0n;
  let ipv6Hosts = 0n;
  let utilizationSum = 0;
  let counted = 0;
  let activeSubnets = 0;
  for (const subnet of subnets) {
    if (subnet.status === 'active') activeSubnets++;
    if (subnet.status === 'subdivided') continue;
    const hosts = BigInt(subnet.details.usableHosts);
    if (subnet.ipVersion === 'IPv4') ipv4Hosts += hosts;
    else ipv6Hosts += hosts;
    utilizationSum += subnet.details.utilization.percentage;
    counted++;
  }
  return {
    totalSubnets: subnets.length,
    activeSubnets,
    totalHosts: ipv4Hosts + ipv6Hosts,
    ipv4Hosts,
    ipv6Hosts,
    avgUtilization: counted === 0 ? 0 : Math.round(utilizationSum / counted),
  };
}
