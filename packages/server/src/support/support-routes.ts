import type { FastifyInstance } from 'fastify';
import { supportRoutes } from '@ipam/core/api/routes/support';
import type { AppDeps } from '../app-deps.js';
import { accountCookie } from '../auth/session-cookies.js';
import { registerRoute } from '../http/register-route.js';
import { requireAuth } from '../auth/request-context.js';
import { sendSupportMessage } from './send-support-message.js';

/** The built-in support and feedback form (used when no external form URL is configured). */
export function registerSupportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  registerRoute(app, supportRoutes.sendMessage, async (request, reply) => {
    const { userId } = requireAuth(request);
    const sender = { userId, cookieAccountId: request.cookies[accountCookie] };
    const { mailer, config } = deps;
    const inbox =
      mailer && config.supportInbox ? { to: config.supportInbox, mailer, log: request.log } : null;
    return reply.status(201).send(await sendSupportMessage(db, sender, request.body, inbox));
  });
}
