import { randomUUID } from 'node:crypto';
import { messages } from '@ipam/core/messages';
import { countMembers, findAccountForUpdate, isMemberByEmail } from '../accounts/account-repository.js';
import { recordAudit } from '../audit/audit-repository.js';
import type { Db } from '../db/database.js';
import { isUniqueViolation, nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { countInvites, findInviteByEmail, insertInvite, type InviteRecord } from './invite-repository.js';

/**
 * Invites an e-mail to an account. Refused when the address is already a member or invited (409)
 * or when members + pending invites would exceed maxusers (403). The limit is read inside the
 * transaction with the account row locked, so two invites at once cannot both take the last seat.
 */
export async function createInvite(
  db: Db,
  accountId: string,
  email: string,
  actorId: string,
): Promise<InviteRecord> {
  try {
    return await db.transaction().execute(async (trx) => {
      const account = await findAccountForUpdate(trx, accountId);
      if (!account) throw new DomainError('not_found', messages.notFound);
      if (await isMemberByEmail(trx, accountId, email)) {
        throw new DomainError('already_member', messages.alreadyMember, { email: messages.alreadyMember });
      }
      if (await findInviteByEmail(trx, accountId, email)) throw alreadyInvited();
      const seatsTaken = (await countMembers(trx, accountId)) + (await countInvites(trx, accountId));
      if (seatsTaken + 1 > account.maxusers) {
        throw new DomainError('user_limit_reached', messages.userLimitReached(account.maxusers));
      }
      const invite = { id: randomUUID(), email, invitedAt: nowIso() };
      await insertInvite(trx, { ...invite, accountId, invitedBy: actorId });
      await recordAudit(trx, {
        accountId,
        userId: actorId,
        action: 'create',
        entity: 'invite',
        entityId: invite.id,
        after: invite,
      });
      return invite;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyInvited();
    throw error;
  }
}

function alreadyInvited(): DomainError {
  return new DomainError('already_invited', messages.alreadyInvited, { email: messages.alreadyInvited });
}
