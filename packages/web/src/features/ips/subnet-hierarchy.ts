import { type Subnet, subnetLength } from '@ipam/core/api/ipam';
import { formatPrefix } from '@ipam/core/cidr';
import { prefixGaps } from '@ipam/core/gaps';
import { parseAddress } from '@ipam/core/ip-address';
import { type Prefix, prefixOf, prefixSize } from '@ipam/core/prefix';

/** A subnet in the IPs tree with the subnets of its container shown under it. */
export interface SubnetNode {
  subnet: Subnet;
  children: SubnetNode[];
}

/** The subnet's network as a prefix (the server answers canonical text, so it always parses). */
export function prefixOfSubnet(subnet: Subnet): Prefix {
  const network = parseAddress(subnet.networkIP);
  const version = network?.version ?? subnet.version;
  return prefixOf(version, network?.value ?? 0n, subnetLength(subnet));
}

/** Address order: IPv4 before IPv6, then the network, then the larger block first. */
export function compareByAddress(a: Prefix, b: Prefix): number {
  if (a.version !== b.version) return a.version - b.version;
  if (a.network !== b.network) return a.network < b.network ? -1 : 1;
  return a.length - b.length;
}

const bySubnetAddress = (a: Subnet, b: Subnet) => compareByAddress(prefixOfSubnet(a), prefixOfSubnet(b));

/**
 * Each group's subnets as a forest: a subnet sits under its container (`parentId`) when the container
 * is in the same group, else at the top of its own group. Top-level subnets keep the list's order
 * (the server's name order); a container's subnets are in address order.
 */
export function groupSubnetTrees(subnets: readonly Subnet[]): Map<string, SubnetNode[]> {
  const byId = new Map(subnets.map((subnet) => [subnet.id, subnet]));
  const isNested = (subnet: Subnet) => {
    const parent = subnet.parentId === null ? undefined : byId.get(subnet.parentId);
    return parent !== undefined && parent.groupId === subnet.groupId && parent.id !== subnet.id;
  };
  const childrenOf = new Map<string, Subnet[]>();
  for (const subnet of subnets) {
    if (isNested(subnet) && subnet.parentId !== null) {
      childrenOf.set(subnet.parentId, [...(childrenOf.get(subnet.parentId) ?? []), subnet]);
    }
  }
  const placed = new Set<string>();
  const grow = (subnet: Subnet): SubnetNode => {
    placed.add(subnet.id);
    const children = [...(childrenOf.get(subnet.id) ?? [])]
      .filter((child) => !placed.has(child.id))
      .sort(bySubnetAddress)
      .map(grow);
    return { subnet, children };
  };
  const trees = new Map<string, SubnetNode[]>();
  const add = (subnet: Subnet) =>
    trees.set(subnet.groupId, [...(trees.get(subnet.groupId) ?? []), grow(subnet)]);
  for (const subnet of subnets) if (!isNested(subnet)) add(subnet);
  // Bad data (a parent loop) cannot hide a subnet: one reachable from no root shows at the top.
  for (const subnet of subnets) if (!placed.has(subnet.id)) add(subnet);
  return trees;
}

/** A row of the container view: one of its subnets, or a free block between them. */
export type ContainerRow =
  | { type: 'subnet'; subnet: Subnet; prefix: Prefix }
  | { type: 'free'; prefix: Prefix; cidr: string; size: bigint };

/** The container's own subnets (whatever their group). */
export function childrenOf(container: Subnet, subnets: readonly Subnet[]): Subnet[] {
  return subnets.filter((subnet) => subnet.parentId === container.id && subnet.id !== container.id);
}

/**
 * The container view's rows in address order: its subnets, and between them the free space as
 * maximal aligned blocks (core's prefixGaps).
 */
export function containerRows(container: Subnet, subnets: readonly Subnet[]): ContainerRow[] {
  const children = childrenOf(container, subnets).map((subnet) => ({
    subnet,
    prefix: prefixOfSubnet(subnet),
  }));
  const gaps = prefixGaps(
    prefixOfSubnet(container),
    children.map((child) => child.prefix),
  );
  const rows: ContainerRow[] = [
    ...children.map((child) => ({ type: 'subnet' as const, ...child })),
    ...gaps.map((prefix) => ({
      type: 'free' as const,
      prefix,
      cidr: formatPrefix(prefix),
      size: prefixSize(prefix),
    })),
  ];
  return rows.sort((a, b) => compareByAddress(a.prefix, b.prefix));
}

/** How many of the container's addresses its subnets cover, of how many. */
export function containerCoverage(container: Subnet, subnets: readonly Subnet[]) {
  const total = prefixSize(prefixOfSubnet(container));
  const free = containerRows(container, subnets)
    .filter((row) => row.type === 'free')
    .reduce((sum, row) => sum + prefixSize(row.prefix), 0n);
  return { covered: total - free, total };
}

/** The leaves anywhere below the container (through nested containers), in address order. */
export function leavesBelow(container: Subnet, subnets: readonly Subnet[]): Subnet[] {
  const below = new Set([container.id]);
  const leaves: Subnet[] = [];
  let grew = true;
  while (grew) {
    grew = false;
    for (const subnet of subnets) {
      if (!below.has(subnet.id) && subnet.parentId !== null && below.has(subnet.parentId)) {
        below.add(subnet.id);
        if (subnet.kind === 'leaf') leaves.push(subnet);
        grew = true;
      }
    }
  }
  return leaves.sort(bySubnetAddress);
}

/**
 * A share as a whole percent, "0%" and "100%" only when exact: a sliver reads "<1%", nearly full
 * ">99%".
 */
export function percentText(part: bigint, whole: bigint): string {
  if (whole <= 0n || part <= 0n) return '0%';
  if (part >= whole) return '100%';
  const tenths = Number((part * 1000n) / whole);
  if (tenths < 10) return '<1%';
  if (tenths >= 990) return '>99%';
  return `${Math.round(tenths / 10)}%`;
}

/** "1,024 addresses", exact at every size ("18,446,744,073,709,551,616 addresses" for a /64). */
export function addressCountText(size: bigint): string {
  return size === 1n ? '1 address' : `${size.toLocaleString('en-US')} addresses`;
}

/**
 * How many whole /64s fit in these free IPv6 blocks (the unit an IPv6 network is handed out in):
 * "65,536 /64s" for a free /48; null for IPv4.
 */
export function free64Text(blocks: readonly Prefix[]): string | null {
  if (blocks.length === 0 || blocks[0]?.version !== 6) return null;
  const count = blocks.reduce(
    (sum, block) => sum + (block.length <= 64 ? 1n << BigInt(64 - block.length) : 0n),
    0n,
  );
  return count === 1n ? '1 /64' : `${count.toLocaleString('en-US')} /64s`;
}
