import { messages } from '@ipam/core/messages';
import { recordAudit } from '../audit/audit-repository.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { deleteInvite, type InviteRecord } from './invite-repository.js';

/** Withdraws one of the account's invites; another account's invite is a 404 like a missing one. */
export async function withdrawInvite(
  db: Db,
  accountId: string,
  inviteId: string,
  actorId: string,
): Promise<InviteRecord> {
  return db.transaction().execute(async (trx) => {
    const invite = await deleteInvite(trx, accountId, inviteId);
    if (!invite) throw new DomainError('not_found', messages.notFound);
    await recordAudit(trx, {
      accountId,
      userId: actorId,
      action: 'delete',
      entity: 'invite',
      entityId: invite.id,
      before: invite,
    });
    return invite;
  });
}
