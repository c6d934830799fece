import type { Subnet } from '@ipam/core/api/ipam';
import { accountRoutes } from '@ipam/core/api/routes/accounts';
import { subnetRoutes } from '@ipam/core/api/routes/subnets';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { MAX_NESTING, pathFromKnown } from '../subnet-hierarchy.js';

/** One level of the tree: `parentId` a container's id (its subnets) or 'none' (the top), in name order. */
async function fetchLevel(accountId: string, parentId: string, vrfId: string): Promise<Subnet[]> {
  const query = vrfId ? { parentId, vrfId } : { parentId };
  return (await call(subnetRoutes.list, { params: { accountId }, query })).items;
}

/** The query of one level (shared by the tree and the container view, refreshed by 'subnet' events). */
export function levelQuery(accountId: string, parentId: string, vrfId = '') {
  return {
    queryKey: queryKeys.subnetLevel(accountId, parentId, vrfId),
    queryFn: () => fetchLevel(accountId, parentId, vrfId),
  };
}

/** The subnets no container holds (of one VRF, or of all when `vrfId` is ''). */
export function useTopSubnets(accountId: string, vrfId: string) {
  return useQuery(levelQuery(accountId, 'none', vrfId));
}

/** A container's own subnets, read when `enabled` (an open container of the tree). */
export function useContainerLevel(accountId: string, containerId: string, enabled = true) {
  return useQuery({ ...levelQuery(accountId, containerId), enabled });
}

/** Several containers' levels at once, in the order of `containerIds`. */
export function useContainerLevels(accountId: string, containerIds: readonly string[]) {
  return useQueries({ queries: containerIds.map((id) => levelQuery(accountId, id)) });
}

/** The subnet and its containers, outermost first: GET …/subnets/:id, then its parent's, and so on. */
async function fetchSubnetPath(accountId: string, subnetId: string): Promise<Subnet[]> {
  const path: Subnet[] = [];
  let id: string | null = subnetId;
  while (id !== null && path.length < MAX_NESTING && !path.some((subnet) => subnet.id === id)) {
    const subnet: Subnet = await call(subnetRoutes.get, { params: { accountId, subnetId: id } });
    path.unshift(subnet);
    id = subnet.parentId;
  }
  return path;
}

/**
 * The selected subnet with its containers (outermost first), so the tree can show it open. Taken
 * from the levels already read when they hold the whole chain, else read subnet by subnet.
 */
export function useSubnetPath(accountId: string, subnetId: string | null) {
  const queryClient = useQueryClient();
  const readsKey = queryKeys.subnetReads(accountId);
  const known = () => {
    const reads = queryClient
      .getQueryCache()
      .findAll({ queryKey: readsKey })
      .filter((query) => query.state.data !== undefined);
    const byId = new Map<string, Subnet>();
    for (const query of reads) {
      const data = query.state.data as Subnet[] | undefined;
      for (const subnet of data ?? []) byId.set(subnet.id, subnet);
    }
    const updatedAt = Math.min(Date.now(), ...reads.map((query) => query.state.dataUpdatedAt));
    return { byId, updatedAt };
  };
  return useQuery({
    queryKey: queryKeys.subnetPath(accountId, subnetId ?? ''),
    queryFn: () => fetchSubnetPath(accountId, subnetId ?? ''),
    enabled: subnetId !== null,
    initialData: () => (subnetId === null ? undefined : pathFromKnown(subnetId, known().byId)),
    initialDataUpdatedAt: () => known().updatedAt,
  });
}

/** How many subnets the account holds (its dashboard counts), for the panel's limit. */
export function useSubnetCount(accountId: string) {
  return useQuery({
    queryKey: queryKeys.stats(accountId),
    queryFn: () => call(accountRoutes.stats, { params: { accountId } }),
    select: (stats) => stats.totalSubnets,
  });
}
