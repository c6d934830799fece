import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inviteSchema } from '@ipam/core/schemas/auth-schemas';
import { inviteResponse } from '@ipam/core/api/account';
import { errorResponse, listOf, noBody } from '@ipam/core/api/common';
import type { AppDeps } from '../http/app-deps.js';
import { requireAccount, requireAuth } from '../http/request-context.js';
import { findUserById } from '../users/user-repository.js';
import { createInvite } from './create-invite.js';
import { listInvites } from './invite-repository.js';
import { withdrawInvite } from './withdraw-invite.js';

const accountParams = z.object({ accountId: z.string() });

/** Pending invites: list, invite (with an e-mail when SMTP is configured), withdraw. */
export function registerInviteRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, events, mailer } = deps;
  const tags = ['people'];

  app.get(
    '/api/accounts/:accountId/invites',
    {
      schema: {
        tags,
        summary: 'Pending invites',
        params: accountParams,
        response: { 200: listOf(inviteResponse), 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => ({ items: await listInvites(db, requireAccount(request).id) }),
  );

  app.post(
    '/api/accounts/:accountId/invites',
    {
      schema: {
        tags,
        summary: 'Invite an e-mail address (members + pending invites ≤ maxusers)',
        params: accountParams,
        body: inviteSchema,
        response: { 201: inviteResponse, 400: errorResponse, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const { userId } = requireAuth(request);
      const invite = await createInvite(db, account.id, request.body.email, userId);
      events.publish(account.id, { kind: 'invite', id: invite.id });
      if (mailer) {
        const inviter = await findUserById(db, userId);
        // The invite stands even when mail delivery fails; the log says why.
        await mailer
          .sendInvite({
            to: invite.email,
            accountReference: account.reference,
            invitedBy: inviter?.email ?? '',
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'invite e-mail not sent'));
      }
      return reply.status(201).send(invite);
    },
  );

  app.delete(
    '/api/accounts/:accountId/invites/:inviteId',
    {
      schema: {
        tags,
        summary: 'Withdraw an invite',
        params: z.object({ accountId: z.string(), inviteId: z.string() }),
        body: noBody,
        response: { 204: z.void(), 404: errorResponse },
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const { userId } = requireAuth(request);
      const invite = await withdrawInvite(db, account.id, request.params.inviteId, userId);
      events.publish(account.id, { kind: 'invite', id: invite.id });
      return reply.status(204).send();
    },
  );
}
