import { randomUUID } from 'node:crypto';
import { messages } from '@ipam/core/messages';
import { MAX_GROUPS_PER_ACCOUNT } from '@ipam/core/schemas/group-schemas';
import { runChange, type ChangeContext } from '../commands/change.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { lockAccountForIpam } from '../subnets/subnet-repository.js';
import {
  countGroupContents,
  countGroups,
  deleteGroup as deleteGroupRow,
  findGroup,
  insertGroup,
  parentLinks,
  updateGroup as updateGroupRow,
  type GroupRecord,
} from './group-repository.js';

/** A group's fields as core's schema parsed them (name trimmed and required); `parentId` '' is top level. */
export interface GroupInput {
  name: string;
  description?: string | undefined;
  parentId?: string | undefined;
}

/** Refuses a parent that is not a group of the account, or that would make the group its own ancestor. */
async function checkParent(db: Db, accountId: string, groupId: string, parentId: string) {
  if (parentId === '') return;
  const parents = await parentLinks(db, accountId);
  if (!parents.has(parentId)) {
    throw new DomainError('validation_failed', messages.parentGroupNotFound, {
      parentId: messages.parentGroupNotFound,
    });
  }
  const seen = new Set<string>();
  for (let at: string | null | undefined = parentId; at; at = parents.get(at)) {
    if (at === groupId || seen.has(at)) {
      throw new DomainError('group_cycle', messages.groupCycle, { parentId: messages.groupCycle });
    }
    seen.add(at);
  }
}

/** Creates a group; answers the created group. */
export async function createGroup(ctx: ChangeContext, input: GroupInput): Promise<GroupRecord> {
  const now = nowIso();
  const group: GroupRecord = {
    id: randomUUID(),
    name: input.name,
    description: input.description ?? '',
    parentId: input.parentId ?? '',
    updatedDate: now,
    updatedBy: ctx.userId,
  };
  return runChange(ctx, async ({ trx, audit, announce }) => {
    await lockAccountForIpam(trx, ctx.account.id);
    if ((await countGroups(trx, ctx.account.id)) >= MAX_GROUPS_PER_ACCOUNT) {
      throw new DomainError('group_limit_reached', messages.groupLimitReached(MAX_GROUPS_PER_ACCOUNT));
    }
    await checkParent(trx, ctx.account.id, group.id, group.parentId);
    await insertGroup(trx, ctx.account.id, { ...group, createdAt: now });
    audit({ action: 'create', entity: 'group', entityId: group.id, after: group });
    announce({ kind: 'group', id: group.id });
    return group;
  });
}

/** Renames, describes or moves a group; fields left out keep their value. */
export async function editGroup(
  ctx: ChangeContext,
  groupId: string,
  patch: Partial<GroupInput>,
): Promise<GroupRecord> {
  return runChange(ctx, async ({ trx, audit, announce }) => {
    // Two moves at once could otherwise close a cycle that neither saw.
    await lockAccountForIpam(trx, ctx.account.id);
    const before = await findGroup(trx, ctx.account.id, groupId);
    if (!before) throw new DomainError('not_found', messages.notFound);
    const after: GroupRecord = {
      ...before,
      name: patch.name ?? before.name,
      description: patch.description ?? before.description,
      parentId: patch.parentId ?? before.parentId,
      updatedDate: nowIso(),
      updatedBy: ctx.userId,
    };
    if (after.parentId !== before.parentId) {
      await checkParent(trx, ctx.account.id, groupId, after.parentId);
    }
    await updateGroupRow(trx, ctx.account.id, after);
    audit({ action: 'update', entity: 'group', entityId: groupId, before, after });
    announce({ kind: 'group', id: groupId });
    return after;
  });
}

/** Deletes an empty group; a group with child groups or subnets is refused (nothing is lost). */
export async function deleteGroup(ctx: ChangeContext, groupId: string): Promise<void> {
  await runChange(ctx, async ({ trx, audit, announce }) => {
    // Nothing may move into the group between the emptiness check and the delete.
    await lockAccountForIpam(trx, ctx.account.id);
    const before = await findGroup(trx, ctx.account.id, groupId);
    if (!before) throw new DomainError('not_found', messages.notFound);
    const contents = await countGroupContents(trx, ctx.account.id, groupId);
    if (contents.groups > 0 || contents.subnets > 0) {
      throw new DomainError('group_not_empty', messages.groupNotEmpty(contents.groups, contents.subnets));
    }
    await deleteGroupRow(trx, ctx.account.id, groupId);
    audit({ action: 'delete', entity: 'group', entityId: groupId, before });
    announce({ kind: 'group', id: groupId });
  });
}
