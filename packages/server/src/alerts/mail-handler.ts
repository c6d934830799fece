import { z } from 'zod';
import type { InviteMailer } from '../invites/invite-mailer.js';
import type { DeliveryOutcome, OutboxHandler, OutboxItem } from '../outbox/outbox-item.js';
import { MAIL_OUTBOX_KIND } from './alert-digest.js';

/** An e-mail as the outbox holds it (stored JSON, parsed as input). */
const mailPayload = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});

/** Sends the outbox's e-mails (the daily digests) through SMTP_URL; a refused one is retried. */
export function mailHandler(mailer: InviteMailer): OutboxHandler {
  return {
    kind: MAIL_OUTBOX_KIND,
    async deliver(item: OutboxItem): Promise<DeliveryOutcome> {
      const parsed = mailPayload.safeParse(item.payload);
      if (!parsed.success) return { isDelivered: false, isPermanent: true, error: 'not an e-mail' };
      await mailer.sendComposed(parsed.data);
      return { isDelivered: true };
    },
  };
}
