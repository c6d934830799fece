import { randomUUID } from 'node:crypto';
import { messages } from '@ipam/core/messages';
import type { Role } from '@ipam/core/roles';
import { countMembers, findAccountForUpdate, isMemberByEmail } from '../accounts/account-repository.js';
import { runChange, type UserChangeContext } from '../commands/change.js';
import type { Db } from '../db/database.js';
import { isUniqueViolation, nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { addCount } from '../limits/rate-counter-repository.js';
import { findUserById } from '../users/user-repository.js';
import { inviteUrl, newInviteToken } from './invite-link.js';
import type { InviteMailer } from './invite-mailer.js';
import { countInvites, findInviteByEmail, insertInvite, type InviteRecord } from './invite-repository.js';

/**
 * Invites an e-mail to the context's account with a role (an owner's only by an owner, 403). Refused when the address is already a member or invited
 * (409) or when members + pending invites would exceed maxusers (403). The limit is read inside the
 * transaction with the account row locked, so two invites at once cannot both take the last seat.
 * With a mailer the invitation is mailed after the commit (the change's after-commit effect); the
 * invite stands even when that fails.
 * The answer carries the invite's link (only its hash is stored) and whether an e-mail really went out.
 */
export async function createInvite(
  ctx: UserChangeContext & { callerRole: Role },
  { email, role }: { email: string; role: Role },
  baseUrl: string,
  mailer: InviteMailer | null,
): Promise<InviteRecord & { inviteUrl: string; isMailed: boolean }> {
  const accountId = ctx.account.id;
  // An admin manages the team below the owners: only an owner makes another owner.
  if (role === 'owner' && ctx.callerRole !== 'owner') {
    throw new DomainError('owner_only', messages.onlyOwnerGivesOwner);
  }
  const { token, tokenHash } = newInviteToken();
  const url = inviteUrl(baseUrl, token);
  let isMailed = false;
  try {
    const invite = await runChange(ctx, async ({ trx, audit, announce, afterCommit }) => {
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
      if (mailer) await countInviteMail(trx, accountId, email);
      const invite = { id: randomUUID(), email, invitedAt: nowIso(), role };
      await insertInvite(trx, { ...invite, accountId, invitedBy: ctx.userId, tokenHash });
      audit({ action: 'create', entity: 'invite', entityId: invite.id, after: invite });
      announce({ kind: 'invite', id: invite.id });
      if (mailer) {
        afterCommit(async () => {
          const inviter = await findUserById(ctx.db, ctx.userId);
          await mailer
            .sendInvite({
              to: email,
              accountReference: account.reference,
              invitedBy: inviter?.email ?? '',
              url,
            })
            .then(() => (isMailed = true))
            .catch((error: unknown) => ctx.log?.warn({ err: error }, 'invite e-mail not sent'));
        });
      }
      return invite;
    });
    return { ...invite, inviteUrl: url, isMailed };
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyInvited();
    throw error;
  }
}

/** Invite e-mails one address may receive in a day, from every account together. */
export const INVITE_MAILS_PER_RECIPIENT = 3;
/** Invite e-mails one account may send in a day. */
export const INVITE_MAILS_PER_ACCOUNT = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Counts an invite e-mail against its recipient and its account (atomic upserts in the invite's
 * transaction, so a refused or rolled-back invite counts nothing) and refuses it past either limit:
 * inviting and withdrawing in a loop must not turn the server into a mail cannon.
 */
async function countInviteMail(trx: Db, accountId: string, email: string): Promise<void> {
  const now = Date.now();
  const toRecipient = await addCount(trx, `invite-mail-to:${email}`, now, DAY_MS);
  if (toRecipient.count > INVITE_MAILS_PER_RECIPIENT) {
    const message = messages.inviteMailLimitRecipient(INVITE_MAILS_PER_RECIPIENT);
    throw new DomainError('rate_limited', message, { email: message });
  }
  const fromAccount = await addCount(trx, `invite-mail-from:${accountId}`, now, DAY_MS);
  if (fromAccount.count > INVITE_MAILS_PER_ACCOUNT) {
    throw new DomainError('rate_limited', messages.inviteMailLimitAccount(INVITE_MAILS_PER_ACCOUNT));
  }
}

function alreadyInvited(): DomainError {
  return new DomainError('already_invited', messages.alreadyInvited, { email: messages.alreadyInvited });
}
