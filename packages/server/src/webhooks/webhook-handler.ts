import { WEBHOOK_TEST_EVENT } from '@ipam/core/schemas/webhook-schemas';
import type { Db } from '../db/database.js';
import type { DeliveryOutcome, OutboxHandler } from '../outbox/outbox-item.js';
import { safePost, type OutboundPolicy } from './safe-post.js';
import {
  disableFailingWebhook,
  findWebhookById,
  recordWebhookFailure,
  recordWebhookSuccess,
} from './webhook-repository.js';
import { webhookSignature } from './webhook-signature.js';
import { WEBHOOK_KIND } from './webhook-producer.js';

function eventIdOf(payload: unknown): string {
  if (typeof payload !== 'object' || payload === null || !('id' in payload)) return '';
  return String(payload.id);
}

/**
 * The outbox handler of webhook deliveries: POSTs the stored event, signed with the webhook's secret,
 * under the outbound policy. A webhook failing for `disableAfterMs` is turned off (the screen says
 * so; so is one whose event was retried for that long); the deliveries of a deleted or turned-off webhook are given up (a test event is still sent).
 */
export function webhookHandler(db: Db, policy: OutboundPolicy, disableAfterMs: number): OutboxHandler {
  return {
    kind: WEBHOOK_KIND,
    async deliver(item, signal): Promise<DeliveryOutcome> {
      const webhook = await findWebhookById(db, item.targetId);
      if (!webhook) return { isDelivered: false, isPermanent: true, error: 'webhook deleted' };
      if (!webhook.isActive && item.label !== WEBHOOK_TEST_EVENT) {
        return { isDelivered: false, isPermanent: true, error: 'webhook turned off' };
      }
      const body = JSON.stringify(item.payload);
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'ipam-webhooks/1',
        'webhook-id': eventIdOf(item.payload),
        'webhook-signature': webhookSignature(webhook.secret, Math.floor(Date.now() / 1000), body),
      };
      const result = await safePost(webhook.url, body, headers, policy, signal);
      const isDelivered = result.status !== null && result.status >= 200 && result.status < 300;
      if (isDelivered) {
        if (webhook.failingSince !== null) await recordWebhookSuccess(db, webhook.id);
      } else if (item.label !== WEBHOOK_TEST_EVENT) {
        const now = Date.now();
        const since = await recordWebhookFailure(db, webhook.id, new Date(now).toISOString());
        if (since !== null && now - Date.parse(since) >= disableAfterMs) {
          await disableFailingWebhook(db, webhook.id, new Date(now).toISOString());
        }
      }
      return {
        isDelivered,
        status: result.status,
        responseExcerpt: result.responseExcerpt,
        error: result.error ?? (isDelivered ? null : `answered ${result.status ?? 'nothing'}`),
        isPermanent: result.isRefused,
      };
    },
    // An event retried for the whole give-up age without success: the webhook has been failing that long.
    async gaveUp(item, reason) {
      if (reason === 'expired' && item.label !== WEBHOOK_TEST_EVENT) {
        await disableFailingWebhook(db, item.targetId, new Date().toISOString());
      }
    },
  };
}
