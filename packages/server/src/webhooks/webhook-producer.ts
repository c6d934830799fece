import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { ChangeOccurrences } from '../outbox/change-occurrences.js';
import type { OutboxItemInput } from '../outbox/outbox-item.js';
import type { OutboxTargets } from '../outbox/outbox-target-repository.js';
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
 * subscribes to it. A change with no such events reads nothing; one with events asks for the account's
 * active webhooks (`targets`, one indexed query shared with the other producers).
 */
export async function webhookDeliveriesOf(
  _trx: Db,
  accountId: string,
  occurrences: ChangeOccurrences,
  targets: () => Promise<Pick<OutboxTargets, 'webhooks'>>,
): Promise<OutboxItemInput[]> {
  const events = webhookEventsOf(occurrences);
  if (events.length === 0) return [];
  const subscriptions = (await targets()).webhooks;
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
