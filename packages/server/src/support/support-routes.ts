import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { supportMessageSchema } from '@ipam/core/schemas/auth-schemas';
import { supportReceiptResponse } from '@ipam/core/api/account';
import { errorResponse } from '@ipam/core/api/common';
import type { AppDeps } from '../http/app-deps.js';
import { accountCookie } from '../http/cookies.js';
import { requireAuth } from '../http/request-context.js';
import { sendSupportMessage } from './send-support-message.js';

/** The built-in support and feedback form (used when no external form URL is configured). */
export function registerSupportRoutes(root: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/support/messages',
    {
      schema: {
        tags: ['support'],
        summary: 'Send a support or feedback message',
        description:
          'A support ticket needs a paid current account (403 on the Free tier); feedback is open to all. ' +
          'A user may send 10 messages an hour (429 beyond).',
        body: supportMessageSchema,
        response: {
          201: supportReceiptResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const sender = { userId, cookieAccountId: request.cookies[accountCookie] };
      const { mailer, config } = deps;
      const inbox =
        mailer && config.supportInbox ? { to: config.supportInbox, mailer, log: request.log } : null;
      return reply.status(201).send(await sendSupportMessage(db, sender, request.body, inbox));
    },
  );
}
