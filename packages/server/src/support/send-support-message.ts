import { randomUUID } from 'node:crypto';
import { SUPPORT_MESSAGES_PER_HOUR } from '@ipam/core/limits';
import { messages } from '@ipam/core/messages';
import type { SupportMessageInput } from '@ipam/core/schemas/auth-schemas';
import { hasSupportTickets } from '@ipam/core/tiers';
import { listAccountsOfUser } from '../accounts/account-repository.js';
import { chooseCurrentAccount } from '../accounts/account-view.js';
import type { ChangeLog } from '../commands/change.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { addCount } from '../limits/rate-counter-repository.js';
import type { InviteMailer } from '../invites/invite-mailer.js';
import { findUserById } from '../users/user-repository.js';
import { insertSupportMessage } from './support-repository.js';

/** Where stored messages are also mailed: SUPPORT_INBOX through SMTP_URL. */
export interface SupportInbox {
  to: string;
  mailer: InviteMailer;
  log?: ChangeLog;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Stores a message of the built-in support or feedback form, tagged with the sender's current account.
 * A support ticket needs a paid current account (spec: no tickets on tier 0); feedback is open to all.
 * Each user may send SUPPORT_MESSAGES_PER_HOUR; the count and the message are one transaction.
 * With an inbox the stored message is also mailed there; a failed mail is logged, the message stays.
 */
export async function sendSupportMessage(
  db: Db,
  sender: { userId: string; cookieAccountId: string | undefined },
  input: SupportMessageInput,
  inbox: SupportInbox | null = null,
): Promise<{ id: string; receivedAt: string }> {
  const account = chooseCurrentAccount(await listAccountsOfUser(db, sender.userId), sender.cookieAccountId);
  if (input.kind === 'support' && !(account && hasSupportTickets(account.tier))) {
    throw new DomainError('support_not_in_tier', messages.supportTicketsNotInTier);
  }
  const stored = await db.transaction().execute(async (trx) => {
    const sent = await addCount(trx, `support-from:${sender.userId}`, Date.now(), HOUR_MS);
    if (sent.count > SUPPORT_MESSAGES_PER_HOUR) {
      throw new DomainError('rate_limited', messages.supportMessageLimit(SUPPORT_MESSAGES_PER_HOUR));
    }
    const stored = { id: randomUUID(), receivedAt: nowIso() };
    await insertSupportMessage(trx, {
      ...stored,
      userId: sender.userId,
      accountId: account?.id ?? null,
      kind: input.kind,
      subject: input.subject ?? null,
      message: input.message,
    });
    return stored;
  });
  if (inbox) {
    const user = await findUserById(db, sender.userId);
    const from = user?.email ?? sender.userId;
    await inbox.mailer
      .sendSupportMessage({
        to: inbox.to,
        replyTo: from,
        subject: `[IPAM ${input.kind}] ${input.subject || `message from ${from}`}`,
        text: `From: ${from}\nAccount: ${account?.id ?? '-'}\nKind: ${input.kind}\nId: ${stored.id}\n\n${input.message}\n`,
      })
      .catch((error: unknown) => inbox.log?.warn({ err: error }, 'support message not mailed'));
  }
  return stored;
}
