import { createHmac, randomBytes } from 'node:crypto';

/** A new webhook secret: `whsec_` and 32 random bytes (base64url); the HMAC key is this text itself. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The `Webhook-Signature` header of a body sent at `unixSeconds` (docs/webhooks.md shows the check). */
export function webhookSignature(secret: string, unixSeconds: number, rawBody: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}
