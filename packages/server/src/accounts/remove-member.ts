import { messages } from '@ipam/core/messages';
import { recordAudit } from '../audit/audit-repository.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { findUserById } from '../users/user-repository.js';
import { unlinkUser, type AccountRecord } from './account-repository.js';

/**
 * Removes a user from an account. The owner cannot be removed (403); a user who is not a member is
 * a 404. Access ends at once because membership is read from the database on every request.
 */
export async function removeMember(
  db: Db,
  account: AccountRecord,
  userId: string,
  actorId: string,
): Promise<void> {
  if (userId === account.uid) {
    throw new DomainError('owner_not_removable', messages.ownerCannotBeRemoved);
  }
  await db.transaction().execute(async (trx) => {
    const user = await findUserById(trx, userId);
    const wasMember = await unlinkUser(trx, userId, account.id);
    if (!wasMember || !user) throw new DomainError('not_found', messages.notFound);
    await recordAudit(trx, {
      accountId: account.id,
      userId: actorId,
      action: 'delete',
      entity: 'member',
      entityId: userId,
      before: { email: user.email },
    });
  });
}
