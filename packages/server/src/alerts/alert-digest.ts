import { accountLabel } from '@ipam/core/api/account';
import type { AlertDigestSettings, AlertKind } from '@ipam/core/api/alert';
import { messages } from '@ipam/core/messages';
import { findAccountById } from '../accounts/account-repository.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import type { OutboxItemInput } from '../outbox/outbox-item.js';
import { insertOutboxItems } from '../outbox/outbox-repository.js';
import { wakeOutboxWorkers } from '../outbox/outbox-wake.js';
import {
  addDigestSubscription,
  claimDigest,
  hasDigestSubscription,
  listDueDigests,
  removeDigestSubscription,
  type DueDigest,
} from './alert-digest-repository.js';
import { countMemberAlertsBetween, listAlertsBetween } from './alert-repository.js';
import { composeDigestMail, DIGEST_LISTED_ALERTS } from './digest-mail.js';

const HOUR_MS = 60 * 60 * 1000;
/** A digest covers a day. */
export const DIGEST_PERIOD_MS = 24 * HOUR_MS;
/**
 * A digest stops this long before the time it is made, so an alert written by a transaction that was
 * still open then (its time is when it was written, not when it committed) falls in the next digest.
 */
export const DIGEST_SETTLE_MS = 15 * 60 * 1000;

/** The outbox kind of an e-mail (sent by the mail handler). */
export const MAIL_OUTBOX_KIND = 'mail';

/** The user's digest choice, and whether this server can send it at all (SMTP_URL). */
export async function digestSettings(db: Db, userId: string, canMail: boolean): Promise<AlertDigestSettings> {
  return { isAvailable: canMail, isOptedIn: canMail && (await hasDigestSubscription(db, userId)) };
}

/** Opts the user in or out; opting in is refused when the server sends no e-mail (nothing would come). */
export async function setDigest(
  db: Db,
  userId: string,
  isOptedIn: boolean,
  canMail: boolean,
  now: Date,
): Promise<AlertDigestSettings> {
  if (isOptedIn && !canMail) throw new DomainError('mail_not_configured', messages.alertDigestNoMail);
  if (isOptedIn) await addDigestSubscription(db, userId, now.toISOString());
  else await removeDigestSubscription(db, userId);
  return digestSettings(db, userId, canMail);
}

/**
 * Makes one subscriber's digest for their period, if no other process made it first: in one
 * transaction, takes the period and writes one e-mail per account of theirs that got alerts in it to
 * the outbox (none when there were none). Answers how many e-mails were written.
 */
async function queueDigest(db: Db, due: DueDigest, until: string, linkBase: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (!(await claimDigest(trx, due.userId, due.coveredUntil, until))) return 0;
    const counts = await countMemberAlertsBetween(trx, due.userId, due.coveredUntil, until);
    const byAccount = new Map<string, Partial<Record<AlertKind, number>>>();
    for (const { accountId, kind, count } of counts) {
      byAccount.set(accountId, { ...byAccount.get(accountId), [kind]: count });
    }
    const items: { accountId: string; item: OutboxItemInput }[] = [];
    for (const [accountId, kinds] of byAccount) {
      const account = await findAccountById(trx, accountId);
      if (!account) continue;
      const alerts = await listAlertsBetween(trx, accountId, due.coveredUntil, until, DIGEST_LISTED_ALERTS);
      const mail = composeDigestMail({
        to: due.email,
        accountName: accountLabel(account),
        counts: kinds,
        alerts,
        linkBase,
      });
      items.push({
        accountId,
        item: { kind: MAIL_OUTBOX_KIND, targetId: due.userId, label: 'alert digest', payload: mail },
      });
    }
    const now = new Date().toISOString();
    for (const { accountId, item } of items) await insertOutboxItems(trx, accountId, [item], now);
    return items.length;
  });
}

/**
 * Writes the digests that are due at `now` (a day after the last one's period ended) to the outbox, at
 * most `limit` subscribers per call; safe to run in several processes at once (each period is taken
 * once). Answers how many e-mails were written.
 */
export async function queueDueDigests(
  db: Db,
  options: { now: Date; linkBase: string; limit: number },
): Promise<number> {
  const until = new Date(options.now.getTime() - DIGEST_SETTLE_MS).toISOString();
  const dueAt = new Date(options.now.getTime() - DIGEST_PERIOD_MS).toISOString();
  let written = 0;
  for (const due of await listDueDigests(db, dueAt, options.limit)) {
    written += await queueDigest(db, due, until, options.linkBase.replace(/\/+$/, ''));
  }
  if (written > 0) wakeOutboxWorkers();
  return written;
}
