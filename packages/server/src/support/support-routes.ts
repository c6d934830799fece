import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { supportMessageSchema } from '@ipam/core/schemas/auth-schemas';
import { findAccountOfMember } from '../accounts/account-repository.js';
import { nowIso } from '../db/db-values.js';
import { supportReceiptResponse } from '@ipam/core/api/account';
import { errorResponse } from '@ipam/core/api/common';
import type { AppDeps } from '../http/app-deps.js';
import { accountCookie } from '../http/cookies.js';
import { requireAuth } from '../http/request-context.js';
import { insertSupportMessage } from './support-repository.js';

/** The built-in support and feedback form (used when no external form URL is configured). */
export function registerSupportRoutes(root: FastifyInstance, { db }: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/support/messages',
    {
      schema: {
        tags: ['support'],
        summary: 'Send a support or feedback message',
        body: supportMessageSchema,
        response: {
          201: supportReceiptResponse,
          400: errorResponse,
          401: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const cookieAccount = request.cookies[accountCookie];
      // Tag the message with the current account only when the sender belongs to it.
      const account = cookieAccount ? await findAccountOfMember(db, cookieAccount, userId) : undefined;
      const stored = { id: randomUUID(), receivedAt: nowIso() };
      await insertSupportMessage(db, {
        ...stored,
        userId,
        accountId: account?.id ?? null,
        kind: request.body.kind,
        subject: request.body.subject ?? null,
        message: request.body.message,
      });
      return reply.status(201).send(stored);
    },
  );
}
