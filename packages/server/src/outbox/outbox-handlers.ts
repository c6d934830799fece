import type { Config } from '../config/env.js';
import type { Db } from '../db/database.js';
import { mailHandler } from '../alerts/mail-handler.js';
import { dnsHandler } from '../dns/dns-handler.js';
import type { InviteMailer } from '../invites/invite-mailer.js';
import { webhookHandler } from '../webhooks/webhook-handler.js';
import type { OutboxHandler } from './outbox-item.js';

/** The handler of every outbox kind this server sends (add a kind's handler here); e-mail only with SMTP_URL. */
export function outboxHandlers(config: Config, db: Db, mailer: InviteMailer | null): OutboxHandler[] {
  const handlers = [webhookHandler(db, config.webhooks, config.outbox.giveUpAfterMs), dnsHandler(db)];
  return mailer ? [...handlers, mailHandler(mailer)] : handlers;
}
