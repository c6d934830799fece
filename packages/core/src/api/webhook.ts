import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '../schemas/webhook-schemas.js';

/** A webhook as the owner sees it; the secret is never read back. */
export const webhookResponse = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  failingSince: z
    .string()
    .nullable()
    .describe('when its deliveries started failing; null when the last one worked'),
  disabledAt: z.string().nullable().describe('when it was turned off for failing 24 hours; null otherwise'),
});
export type Webhook = z.infer<typeof webhookResponse>;

/** A new webhook with its signing secret: answered once, by create. */
export const webhookWithSecretResponse = webhookResponse.extend({
  secret: z.string().describe('the HMAC-SHA256 key of `Webhook-Signature`; shown once'),
});
export type WebhookWithSecret = z.infer<typeof webhookWithSecretResponse>;

/** One attempt at a delivery. */
export const deliveryAttemptResponse = z.object({
  at: z.string(),
  status: z.number().int().nullable().describe('the HTTP status answered; null when there was no answer'),
  durationMs: z.number().int(),
  responseExcerpt: z.string().nullable().describe('the first 1 KB of the answer'),
  error: z.string().nullable(),
});

/** One event sent (or being sent) to a webhook, with its latest attempt. */
export const webhookDeliveryResponse = z.object({
  id: z.string(),
  eventId: z.string(),
  event: z.string(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable().describe('when a pending delivery is tried again'),
  finishedAt: z.string().nullable(),
  lastAttempt: deliveryAttemptResponse.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliveryResponse>;
