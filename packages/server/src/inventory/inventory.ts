import type { Inventory, InventoryGroup, InventoryQuery } from '@ipam/core/api/inventory';
import { messages } from '@ipam/core/messages';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { listGroups } from '../groups/group-repository.js';
import { listInventoryHosts } from './inventory-repository.js';

/** The groups named `name` and every group inside them; the named ones become top-level. */
function subtreeOf(groups: readonly InventoryGroup[], name: string): InventoryGroup[] {
  const folded = name.toLowerCase();
  const roots = groups.filter((group) => group.name.toLowerCase() === folded);
  if (roots.length === 0) throw new DomainError('not_found', messages.inventoryGroupNotFound(name));
  const included = new Set(roots.map((group) => group.id));
  // Groups come in name order, not tree order: repeat until no group joins.
  for (let grew = true; grew;) {
    grew = false;
    for (const group of groups) {
      if (!included.has(group.id) && group.parentId !== null && included.has(group.parentId)) {
        included.add(group.id);
        grew = true;
      }
    }
  }
  const rootIds = new Set(roots.map((group) => group.id));
  return groups
    .filter((group) => included.has(group.id))
    .map((group) => (rootIds.has(group.id) ? { ...group, parentId: null } : group));
}

/**
 * What `ipam inventory` reads: the account's hosts (In Use addresses with a hostname) and groups,
 * optionally only one group's (by name, case-insensitive, with the groups inside it; 404 for none).
 */
export async function inventoryOf(db: Db, accountId: string, query: InventoryQuery): Promise<Inventory> {
  const all = (await listGroups(db, accountId)).map((group) => ({
    id: group.id,
    name: group.name,
    parentId: group.parentId === '' ? null : group.parentId,
  }));
  const groups = query.group === undefined ? all : subtreeOf(all, query.group);
  const hosts = await listInventoryHosts(
    db,
    accountId,
    query.group === undefined ? null : groups.map((group) => group.id),
  );
  return { groups, hosts };
}
