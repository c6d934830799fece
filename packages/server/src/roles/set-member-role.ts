import type { Member } from '@ipam/core/api/account';
import { messages } from '@ipam/core/messages';
import type { MemberRoleInput } from '@ipam/core/schemas/role-schemas';
import { listMembers } from '../accounts/account-repository.js';
import { runChange, type UserChangeContext } from '../commands/change.js';
import { DomainError } from '../errors/domain-error.js';
import { parentLinks } from '../groups/group-repository.js';
import {
  countOwners,
  listGroupLimits,
  replaceGroupLimits,
  roleOf,
  updateMemberRole,
} from './member-role-repository.js';

/**
 * Sets a member's role and an editor's group limits (the route lets only owners call it). Refused:
 * one's own role (another owner changes it, so an account never loses its last owner by a slip), the
 * account holder's (they stay owner: billing and the account are theirs), a group not of the account
 * (400). Limits are kept for editors only; any other role clears them. Recorded in History.
 */
export async function setMemberRole(
  ctx: UserChangeContext,
  userId: string,
  input: MemberRoleInput,
): Promise<Member> {
  const { account } = ctx;
  if (userId === ctx.userId) throw new DomainError('role_change_refused', messages.ownRoleUnchangeable);
  if (userId === account.uid && input.role !== 'owner') {
    throw new DomainError('role_change_refused', messages.accountHolderStaysOwner);
  }
  const groupIds = input.role === 'editor' ? [...new Set(input.groupIds ?? [])].sort() : [];
  return runChange(ctx, async ({ trx, audit, announce }) => {
    const member = (await listMembers(trx, account.id)).find((m) => m.id === userId);
    if (!member) throw new DomainError('not_found', messages.notFound);
    const known = await parentLinks(trx, account.id);
    if (groupIds.some((id) => !known.has(id))) {
      throw new DomainError('validation_failed', messages.groupLimitUnknown, {
        groupIds: messages.groupLimitUnknown,
      });
    }
    const limits = await listGroupLimits(trx, account.id, userId);
    const before = { email: member.email, role: roleOf(member.role), groupIds: limits };
    if (before.role === 'owner' && input.role !== 'owner' && (await countOwners(trx, account.id)) <= 1) {
      throw new DomainError('role_change_refused', messages.lastOwner);
    }
    await updateMemberRole(trx, account.id, userId, input.role);
    await replaceGroupLimits(trx, account.id, userId, groupIds);
    const after = { email: member.email, role: input.role, groupIds };
    audit({ action: 'update', entity: 'member', entityId: userId, before, after });
    announce({ kind: 'user', id: userId });
    const { id, email, displayName, lastLogin } = member;
    return { id, email, displayName, lastLogin, isOwner: member.uid === userId, role: input.role, groupIds };
  });
}
