import type { PlanSubnet } from '@ipam/core/api/plan';
import { compareNames } from '@ipam/core/name-order';
import { ipVersionNumber, planSubnetPrefix } from '@ipam/core/plan-subnet-details';

/** The table's sortable columns (PL-55). */
export const SORT_COLUMNS = [
  'name',
  'network',
  'version',
  'status',
  'vlan',
  'usableHosts',
  'currentHosts',
  'utilization',
] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

export interface SubnetSort {
  column: SortColumn;
  direction: 'asc' | 'desc';
}

/** The default order: Network ascending (PL-55). */
export const defaultSort: SubnetSort = { column: 'network', direction: 'asc' };

/** A click on a header: the same column flips its direction, another column starts ascending. */
export function toggleSort(sort: SubnetSort, column: SortColumn): SubnetSort {
  if (sort.column === column) return { column, direction: sort.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: 'asc' };
}

interface SortKeys {
  subnet: PlanSubnet;
  version: number;
  network: bigint;
  hosts: bigint;
}

const compareBig = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

/** Network order: IPv4 before IPv6, numerically by address, then the larger prefix first. */
function byNetwork(a: SortKeys, b: SortKeys): number {
  return a.version - b.version || compareBig(a.network, b.network) || a.subnet.cidr - b.subnet.cidr;
}

const comparators: Record<SortColumn, (a: SortKeys, b: SortKeys) => number> = {
  name: (a, b) => compareNames(a.subnet.name, b.subnet.name),
  network: byNetwork,
  version: (a, b) => a.version - b.version,
  status: (a, b) => (a.subnet.status < b.subnet.status ? -1 : a.subnet.status > b.subnet.status ? 1 : 0),
  // Subnets without a VLAN sort after every VLAN id.
  vlan: (a, b) => (a.subnet.vlan?.id ?? 5000) - (b.subnet.vlan?.id ?? 5000),
  usableHosts: (a, b) => compareBig(a.hosts, b.hosts),
  currentHosts: (a, b) => a.subnet.planning.currentHosts - b.subnet.planning.currentHosts,
  utilization: (a, b) => a.subnet.details.utilization.percentage - b.subnet.details.utilization.percentage,
};

/** The subnets in the table's order (PL-55): hosts compared as BigInt, ties broken by network. */
export function sortSubnets(subnets: readonly PlanSubnet[], sort: SubnetSort): PlanSubnet[] {
  const keyed: SortKeys[] = subnets.map((subnet) => ({
    subnet,
    version: ipVersionNumber(subnet.ipVersion),
    network: planSubnetPrefix(subnet).network,
    hosts: BigInt(subnet.details.usableHosts),
  }));
  const compare = comparators[sort.column];
  const sign = sort.direction === 'asc' ? 1 : -1;
  keyed.sort((a, b) => sign * compare(a, b) || byNetwork(a, b));
  return keyed.map((entry) => entry.subnet);
}
