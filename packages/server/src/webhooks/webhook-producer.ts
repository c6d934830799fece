import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { ChangeOccurrences } from '../outbox/change-occurrences.js';
import type { OutboxItemInput } from '../outbox/outbox-item.js';
import { activeSubscriptions } from './webhook-repository.js';
import { webhookEventsOf } from './webhook-events.js';

/** The outbox kind of webhook deliveries; the target is the webhook's id. */
export const WEBHOOK_KIND = 'webhook';

/** The body of a delivery (sent as JSON, signed as sent). */
export interface WebhookBody {
  id: string;
  type: string;
  createdAt: string;
  accountId: string;
  data: { before: unknown; after: unknown; subnetId?: string };
}

/** A delivery of `body` to one webhook, as an outbox item. */
export function webhookItem(webhookId: string, body: WebhookBody): OutboxItemInput {
  return { kind: WEBHOOK_KIND, targetId: webhookId, label: body.type, payload: body };
}

/**
 * The deliveries a change makes: each of its webhook events to each active webhook of the account that
 * subscribes to it. A change with no such events reads nothing; one with events reads the account's
 * active webhooks once (an indexed query).
 */
export async function webhookDeliveriesOf(
  trx: Db,
  accountId: string,
  occurrences: ChangeOccurrences,
): Promise<OutboxItemInput[]> {
  const events = webhookEventsOf(occurrences);
  if (events.length === 0) return [];
  const subscriptions = await activeSubscriptions(trx, accountId);
  if (subscriptions.length === 0) return [];
  const createdAt = new Date().toISOString();
  const items: OutboxItemInput[] = [];
  for (const event of events) {
    const body: WebhookBody = {
      id: randomUUID(),
      type: event.type,
      createdAt,
      accountId,
      data: {
        before: event.before,
        after: event.after,
        ...(event.subnetId !== undefined ? { subnetId: event.subnetId } : {}),
      },
    };
    for (const subscription of subscriptions) {
      if (subscription.events.includes(event.type)) items.push(webhookItem(subscription.id, body));
    }
  }
  return items;
}
