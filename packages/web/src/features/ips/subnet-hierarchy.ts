import { type Subnet, subnetLength } from '@ipam/core/api/ipam';
import { formatPrefix } from '@ipam/core/cidr';
import { prefixGaps } from '@ipam/core/gaps';
import { parseAddress } from '@ipam/core/ip-address';
import { type Prefix, prefixOf, prefixSize } from '@ipam/core/prefix';

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

/** Most containers around a subnet (the model nests three levels; more is bad data, a loop). */
export const MAX_NESTING = 16;

/** A container's subnets in address order (a level comes in name order). */
export function inAddressOrder(subnets: readonly Subnet[]): Subnet[] {
  return [...subnets].sort(bySubnetAddress);
}

/** The top-level subnets of each group, in the list's order (the server's name order). */
export function topLevelByGroup(subnets: readonly Subnet[]): Map<string, Subnet[]> {
  const byGroup = new Map<string, Subnet[]>();
  for (const subnet of subnets) byGroup.set(subnet.groupId, [...(byGroup.get(subnet.groupId) ?? []), subnet]);
  return byGroup;
}

/**
 * The subnet and its containers, outermost first, from subnets already read; undefined when one of
 * them is not among them (or the chain loops).
 */
export function pathFromKnown(subnetId: string, known: ReadonlyMap<string, Subnet>): Subnet[] | undefined {
  const path: Subnet[] = [];
  let id: string | null = subnetId;
  while (id !== null) {
    const subnet = known.get(id);
    if (!subnet || path.length >= MAX_NESTING || path.some((inner) => inner.id === id)) return undefined;
    path.unshift(subnet);
    id = subnet.parentId;
  }
  return path;
}

/**
 * What is known below a container from the levels read so far (`levelOf` a container's level, or
 * undefined while unread): the containers whose levels to read (the container itself first, then
 * breadth first, at most `maxLevels`), the subnets they hold, whether that is all of them, and
 * whether some container was left out for `maxLevels`.
 */
export function levelsBelow(
  containerId: string,
  levelOf: (containerId: string) => readonly Subnet[] | undefined,
  maxLevels: number,
): { containerIds: string[]; subnets: Subnet[]; isComplete: boolean; isCapped: boolean } {
  const containerIds = [containerId];
  const subnets: Subnet[] = [];
  const seen = new Set([containerId]);
  let isComplete = true;
  let isCapped = false;
  for (let index = 0; index < containerIds.length; index++) {
    const level = levelOf(containerIds[index] ?? '');
    if (level === undefined) {
      isComplete = false;
      continue;
    }
    for (const subnet of level) {
      if (seen.has(subnet.id)) continue;
      seen.add(subnet.id);
      subnets.push(subnet);
      if (subnet.kind !== 'container') continue;
      if (containerIds.length < maxLevels) containerIds.push(subnet.id);
      else isCapped = true;
    }
  }
  return { containerIds, subnets, isComplete: isComplete && !isCapped, isCapped };
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
