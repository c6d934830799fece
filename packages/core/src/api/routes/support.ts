import { SUPPORT_MESSAGES_PER_HOUR } from '../../limits.js';
import { supportReceiptResponse } from '../account.js';
import { errorResponse } from '../common.js';
import { supportMessageSchema } from '../../schemas/auth-schemas.js';
import { defineRoute } from '../route-table.js';

/** The built-in support and feedback form (used when no external form URL is configured). */
export const supportRoutes = {
  sendMessage: defineRoute({
    method: 'POST',
    path: '/api/support/messages',
    tags: ['support'],
    summary: 'Send a support or feedback message',
    description:
      'A support ticket needs a paid current account (403 on the Free tier); feedback is open to all. ' +
      `A user may send ${SUPPORT_MESSAGES_PER_HOUR} messages an hour (429 beyond).`,
    body: supportMessageSchema,
    responses: {
      201: supportReceiptResponse,
      400: errorResponse,
      401: errorResponse,
      403: errorResponse,
      429: errorResponse,
    },
  }),
};
