import type { Config } from '../config/env.js';
import type { Db } from '../db/database.js';
import { dnsHandler } from '../dns/dns-handler.js';
import { webhookHandler } from '../webhooks/webhook-handler.js';
import type { OutboxHandler } from './outbox-item.js';

/** The handler of every outbox kind this server sends (add a kind's handler here). */
export function outboxHandlers(config: Config, db: Db): OutboxHandler[] {
  return [webhookHandler(db, config.webhooks, config.outbox.giveUpAfterMs), dnsHandler(db)];
}
