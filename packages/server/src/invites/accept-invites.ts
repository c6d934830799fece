import { linkUser } from '../accounts/account-repository.js';
import { recordAudit } from '../audit/audit-repository.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { takeInvitesForEmail } from './invite-repository.js';

/**
 * Links the user to every account that invited their e-mail and deletes those invites (at sign-up
 * and at login). Call inside a transaction; returns the accounts joined.
 */
export async function acceptPendingInvites(db: Db, user: { id: string; email: string }): Promise<string[]> {
  const invites = await takeInvitesForEmail(db, user.email);
  const at = nowIso();
  for (const invite of invites) {
    await linkUser(db, user.id, invite.accountId, at);
    await recordAudit(db, {
      accountId: invite.accountId,
      userId: user.id,
      action: 'create',
      entity: 'member',
      entityId: user.id,
      after: { email: user.email, fromInvite: invite.id },
    });
  }
  return invites.map((invite) => invite.accountId);
}
