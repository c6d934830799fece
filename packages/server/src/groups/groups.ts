import { randomUUID } from 'node:crypto';
import { messages } from '@ipam/core/messages';
import { recordAudit } from '../audit/audit-repository.js';
import type { ChangeContext } from '../audit/change-context.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { lockAccountForIpam } from '../subnets/subnet-repository.js';
import {
  countGroupContents,
  deleteGroup as deleteGroupRow,
  findGroup,
  insertGroup,
  parentLinks,
  updateGroup as updateGroupRow,
  type GroupRecord,
} from './group-repository.js';

/** The fields of a group a user sets; `parentId` '' or absent means top level. */
export interface GroupInput {
  name: string;
  description?: string | undefined;
  parentId?: string | undefined;
}

function requiredName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') {
    throw new DomainError('validation_failed', messages.groupNameRequired, {
      name: messages.groupNameRequired,
    });
  }
  return trimmed;
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
    name: requiredName(input.name),
    description: input.description ?? '',
    parentId: input.parentId ?? '',
    updatedDate: now,
    updatedBy: ctx.userId,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await lockAccountForIpam(trx, ctx.account.id);
    await checkParent(trx, ctx.account.id, group.id, group.parentId);
    await insertGroup(trx, ctx.account.id, { ...group, createdAt: now });
    await recordAudit(trx, {
      accountId: ctx.account.id,
      userId: ctx.userId,
      action: 'create',
      entity: 'group',
      entityId: group.id,
      after: group,
    });
  });
  ctx.events.publish(ctx.account.id, { kind: 'group', id: group.id });
  return group;
}

/** Renames, describes or moves a group; fields left out keep their value. */
export async function editGroup(
  ctx: ChangeContext,
  groupId: string,
  patch: Partial<GroupInput>,
): Promise<GroupRecord> {
  const updated = await ctx.db.transaction().execute(async (trx) => {
    // Two moves at once could otherwise close a cycle that neither saw.
    await lockAccountForIpam(trx, ctx.account.id);
    const before = await findGroup(trx, ctx.account.id, groupId);
    if (!before) throw new DomainError('not_found', messages.notFound);
    const after: GroupRecord = {
      ...before,
      name: patch.name === undefined ? before.name : requiredName(patch.name),
      description: patch.description ?? before.description,
      parentId: patch.parentId ?? before.parentId,
      updatedDate: nowIso(),
      updatedBy: ctx.userId,
    };
    if (after.parentId !== before.parentId) {
      await checkParent(trx, ctx.account.id, groupId, after.parentId);
    }
    await updateGroupRow(trx, ctx.account.id, after);
    await recordAudit(trx, {
      accountId: ctx.account.id,
      userId: ctx.userId,
      action: 'update',
      entity: 'group',
      entityId: groupId,
      before,
      after,
    });
    return after;
  });
  ctx.events.publish(ctx.account.id, { kind: 'group', id: groupId });
  return updated;
}

/** Deletes an empty group; a group with child groups or subnets is refused (nothing is lost). */
export async function deleteGroup(ctx: ChangeContext, groupId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    // Nothing may move into the group between the emptiness check and the delete.
    await lockAccountForIpam(trx, ctx.account.id);
    const before = await findGroup(trx, ctx.account.id, groupId);
    if (!before) throw new DomainError('not_found', messages.notFound);
    const contents = await countGroupContents(trx, ctx.account.id, groupId);
    if (contents.groups > 0 || contents.subnets > 0) {
      throw new DomainError('group_not_empty', messages.groupNotEmpty(contents.groups, contents.subnets));
    }
    await deleteGroupRow(trx, ctx.account.id, groupId);
    await recordAudit(trx, {
      accountId: ctx.account.id,
      userId: ctx.userId,
      action: 'delete',
      entity: 'group',
      entityId: groupId,
      before,
    });
  });
  ctx.events.publish(ctx.account.id, { kind: 'group', id: groupId });
}
