import { linkUser } from '../accounts/account-repository.js';
import { recordAudit, type AuditEntry } from '../audit/audit-repository.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import type { EventPublisher } from '../events/event-publisher.js';
import { writeChangeOutbox } from '../outbox/outbox-producers.js';
import { inviteTokenHash } from './invite-link.js';
import { takeInviteByTokenHash, takeInvitesForEmail } from './invite-repository.js';

/**
 * Links the user to the account of the invite whose link they followed (`inviteToken`, whatever
 * address it was sent to) and to every account that invited their e-mail, and deletes those invites
 * (at sign-up and at login). An unknown link token accepts nothing. Call inside a transaction; returns
 * what was joined, the followed link's first, for the events to publish after commit.
 */
export async function acceptPendingInvites(
  db: Db,
  user: { id: string; email: string },
  inviteToken?: string,
): Promise<AcceptedInvite[]> {
  // The link's invite is taken first: it may also be addressed to the e-mail, and it is the one they followed.
  const linked = inviteToken ? await takeInviteByTokenHash(db, inviteTokenHash(inviteToken)) : undefined;
  const invites = [
    ...(linked ? [{ ...linked, isFollowedLink: true }] : []),
    ...(await takeInvitesForEmail(db, user.email)).map((invite) => ({ ...invite, isFollowedLink: false })),
  ];
  const at = nowIso();
  for (const invite of invites) {
    await linkUser(db, user.id, invite.accountId, at, invite.role);
    const joined: AuditEntry = {
      accountId: invite.accountId,
      userId: user.id,
      action: 'create',
      entity: 'member',
      entityId: user.id,
      after: { email: user.email, role: invite.role, fromInvite: invite.id },
    };
    await recordAudit(db, joined);
    // Not a runChange (sign-up and login join several accounts at once): its webhooks are written here.
    await writeChangeOutbox(db, invite.accountId, { audits: [joined], emitted: [] });
  }
  return invites.map((invite) => ({
    accountId: invite.accountId,
    inviteId: invite.id,
    isFollowedLink: invite.isFollowedLink,
  }));
}

/** An invite turned into a membership. */
export interface AcceptedInvite {
  accountId: string;
  inviteId: string;
  /** The invite of the link the user came with. */
  isFollowedLink: boolean;
}

/**
 * The account to open after invites were accepted: the one whose link the user followed; at sign-up,
 * else the first that invited their e-mail (a new user's own account is empty, the inviting one is why
 * they came). A login without a link keeps the account the user last chose.
 */
export function accountToOpen(accepted: readonly AcceptedInvite[], isSignUp: boolean): string | undefined {
  const followed = accepted.find((invite) => invite.isFollowedLink);
  if (followed) return followed.accountId;
  return isSignUp ? accepted[0]?.accountId : undefined;
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
