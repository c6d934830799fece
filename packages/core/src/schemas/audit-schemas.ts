import { z } from 'zod';
import { messages } from '../messages.js';

/** Entries per page of the audit log unless the caller asks for fewer or more (up to the maximum). */
export const AUDIT_PAGE_SIZE = 50;
export const MAX_AUDIT_PAGE_SIZE = 500;

/**
 * `GET /api/accounts/:a/audit`: `subnetId` narrows the log to one subnet, `userId` to one person's
 * changes; `cursor` is the previous page's nextCursor. Empty values mean no filter and the first page.
 */
export const auditQuery = z.strictObject({
  subnetId: z.string().max(100, messages.invalidRequest).optional(),
  userId: z.string().max(100, messages.invalidRequest).optional(),
  cursor: z.string().max(200, messages.invalidCursor).optional(),
  limit: z.coerce
    .number({ error: messages.invalidRequest })
    .int(messages.invalidRequest)
    .min(1, messages.invalidRequest)
    .max(MAX_AUDIT_PAGE_SIZE, messages.invalidRequest)
    .optional(),
});
