import { z } from 'zod';
import { messages } from '../messages.js';

/** The events a webhook can be sent (issue 32), as they appear in a delivery's `type`. */
export const WEBHOOK_EVENT_TYPES = [
  'address.created',
  'address.changed',
  'address.cleared',
  'address.discovered',
  'address.mac_changed',
  'address.stale',
  'subnet.created',
  'subnet.changed',
  'subnet.deleted',
  'approval.created',
  'approval.resolved',
  'scan.finished',
  'import.applied',
  'member.joined',
  'member.left',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event of "Send test event": sent to one webhook only, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Whether text names a webhook event. */
export function isWebhookEventType(text: string): text is WebhookEventType {
  return WEBHOOK_EVENT_TYPES.some((type) => type === text);
}

/** Most webhooks one account may hold. */
export const MAX_WEBHOOKS_PER_ACCOUNT = 20;

/** The longest URL a webhook may have. */
export const MAX_WEBHOOK_URL_LENGTH = 2000;

/**
 * An http(s) URL without credentials (no `@` before the path); whether it parses fully, and whether
 * http and private hosts are allowed, is the server's call.
 */
const webhookUrl = z
  .string({ error: messages.webhookUrlInvalid })
  .trim()
  .max(MAX_WEBHOOK_URL_LENGTH, messages.webhookUrlInvalid)
  .regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, messages.webhookUrlInvalid);

const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: messages.webhookEventsInvalid }), {
    error: messages.webhookEventsInvalid,
  })
  .min(1, messages.webhookEventsRequired)
  .transform((list) => WEBHOOK_EVENT_TYPES.filter((type) => list.includes(type)));

/** `POST /api/accounts/:a/webhooks`: the secret is made by the server and answered once. */
export const webhookCreateSchema = z.strictObject({
  url: webhookUrl,
  events,
  active: z.boolean({ error: messages.webhookActiveInvalid }).default(true),
});
export type WebhookCreateInput = z.infer<typeof webhookCreateSchema>;

/** `PATCH /api/accounts/:a/webhooks/:id`: any of the fields. */
export const webhookUpdateSchema = z.strictObject({
  url: webhookUrl.optional(),
  events: events.optional(),
  active: z.boolean({ error: messages.webhookActiveInvalid }).optional(),
});
export type WebhookUpdateInput = z.infer<typeof webhookUpdateSchema>;
