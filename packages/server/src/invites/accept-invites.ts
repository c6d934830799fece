import { linkUser } from '../accounts/account-repository.js';
import { recordAudit } from '../audit/audit-repository.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import type { EventPublisher } from '../events/event-publisher.js';
import { inviteTokenHash } from './invite-link.js';
import { takeInviteByTokenHash, takeInvitesForEmail } from './invite-repository.js';

/**
 * Links the user to every account that invited their e-mail, and to the account of the invite whose
 * link they followed (`inviteToken`, whatever address it was sent to), and deletes those invites (at
 * sign-up and at login). An unknown link token accepts nothing. Call inside a transaction; returns
 * what was joined, for the events to publish after commit.
 */
export async function acceptPendingInvites(
  db: Db,
  user: { id: string; email: string },
  inviteToken?: string,
): Promise<AcceptedInvite[]> {
  const invites = await takeInvitesForEmail(db, user.email);
  const linked = inviteToken ? await takeInviteByTokenHash(db, inviteTokenHash(inviteToken)) : undefined;
  if (linked) invites.push(linked);
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
  return invites.map((invite) => ({ accountId: invite.accountId, inviteId: invite.id }));
}

/** An invite turned into a membership. */
export interface AcceptedInvite {
  accountId: string;
  inviteId: string;
}

/** Tells each joined account's open streams that a user arrived and an invite went away. */
export function publishAcceptedInvites(
  events: EventPublisher,
  userId: string,
  accepted: AcceptedInvite[],
): void {
  for (const { accountId, inviteId } of accepted) {
    events.publish(accountId, { kind: 'user', id: userId });
    events.publish(accountId, { kind: 'invite', id: inviteId });
  }
}
