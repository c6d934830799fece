import { z } from 'zod';
import { messages } from '../messages.js';

/** Alerts per page unless the caller asks for fewer or more (up to the maximum). */
export const ALERT_PAGE_SIZE = 20;
export const MAX_ALERT_PAGE_SIZE = 100;

/** `GET /api/accounts/:a/alerts`: `cursor` is the previous page's nextCursor. */
export const alertQuery = z.strictObject({
  cursor: z.string().max(200, messages.invalidCursor).optional(),
  limit: z.coerce
    .number({ error: messages.invalidRequest })
    .int(messages.invalidRequest)
    .min(1, messages.invalidRequest)
    .max(MAX_ALERT_PAGE_SIZE, messages.invalidRequest)
    .optional(),
});
export type AlertQuery = z.infer<typeof alertQuery>;

/** `PUT /api/auth/alert-digest`: opt in to (or out of) the daily e-mail of discovery alerts. */
export const alertDigestUpdateSchema = z.strictObject({
  isOptedIn: z.boolean({ error: messages.invalidRequest }),
});
export type AlertDigestUpdateInput = z.infer<typeof alertDigestUpdateSchema>;
