import { messages } from '@ipam/core/messages';
import type { Role } from '@ipam/core/roles';
import { countMembers, findAccountForUpdate, linkUser } from '../accounts/account-repository.js';
import type { Change } from '../commands/change.js';
import { DomainError } from '../errors/domain-error.js';
import { countInvites, deleteInvite, findInviteByEmail } from '../invites/invite-repository.js';
import {
  findMemberRole,
  listGroupLimits,
  replaceGroupLimits,
  updateMemberRole,
} from '../roles/member-role-repository.js';
import type { MappedRole } from './role-mapping.js';

/** What the mapping did to the membership (or must do after the transaction: a removal). */
export type MembershipOutcome =
  { kind: 'kept' | 'joined' | 'changed'; role: Role } | { kind: 'remove' } | { kind: 'no-role' };

/**
 * Brings the user's membership of the account in line with the mapped role, inside the sign-in's
 * change: joins them (within the account's user limit; a pending invite of their e-mail is taken
 * instead of counted twice), changes their role (an editor's group limits go when they stop being
 * an editor), or asks for their removal when no role maps any more. An owner is never touched:
 * owners are set by hand.
 */
export async function applyRoleMapping(
  change: Pick<Change, 'trx' | 'audit' | 'announce'>,
  accountId: string,
  user: { id: string; email: string },
  mapped: MappedRole | null,
  groups: readonly string[],
): Promise<MembershipOutcome> {
  const { trx, audit, announce } = change;
  const current = await findMemberRole(trx, accountId, user.id);
  if (current === 'owner') return { kind: 'kept', role: 'owner' };
  if (mapped === null) return current === undefined ? { kind: 'no-role' } : { kind: 'remove' };
  const groupList = [...groups];
  if (current === undefined) {
    const account = await findAccountForUpdate(trx, accountId);
    if (!account) throw new DomainError('not_found', messages.notFound);
    const invite = await findInviteByEmail(trx, accountId, user.email);
    if (invite) {
      await deleteInvite(trx, accountId, invite.id);
      announce({ kind: 'invite', id: invite.id });
    }
    const seatsTaken = (await countMembers(trx, accountId)) + (await countInvites(trx, accountId));
    if (seatsTaken + 1 > account.maxusers) {
      throw new DomainError('user_limit_reached', messages.userLimitReached(account.maxusers));
    }
    await linkUser(trx, user.id, accountId, new Date().toISOString(), mapped);
    audit({
      action: 'create',
      entity: 'member',
      entityId: user.id,
      after: { email: user.email, role: mapped, groups: groupList },
    });
    announce({ kind: 'user', id: user.id });
    return { kind: 'joined', role: mapped };
  }
  if (current === mapped) return { kind: 'kept', role: mapped };
  const limits = await listGroupLimits(trx, accountId, user.id);
  const keptLimits = mapped === 'editor' ? limits : [];
  await updateMemberRole(trx, accountId, user.id, mapped);
  if (keptLimits.length !== limits.length) await replaceGroupLimits(trx, accountId, user.id, keptLimits);
  audit({
    action: 'update',
    entity: 'member',
    entityId: user.id,
    before: { email: user.email, role: current, groupIds: limits },
    after: { email: user.email, role: mapped, groupIds: keptLimits, groups: groupList },
  });
  announce({ kind: 'user', id: user.id });
  return { kind: 'changed', role: mapped };
}
