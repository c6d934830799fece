import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inviteSchema } from '@ipam/core/schemas/auth-schemas';
import { inviteLinkResponse, inviteResponse } from '@ipam/core/api/account';
import { errorResponse, listOf, noBody } from '@ipam/core/api/common';
import type { AppDeps } from '../http/app-deps.js';
import { changeContextOf, requireAccount } from '../http/request-context.js';
import { createInvite } from './create-invite.js';
import { linkBase } from './invite-mailer.js';
import { reissueInviteLink } from './invite-link.js';
import { listInvites } from './invite-repository.js';
import { withdrawInvite } from './withdraw-invite.js';

const accountParams = z.object({ accountId: z.string() });

/** Pending invites: list, invite (with an e-mail when SMTP is configured), withdraw. */
export function registerInviteRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
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
        response: { 201: inviteLinkResponse, 400: errorResponse, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const ctx = changeContextOf(request, deps);
      const invite = await createInvite(ctx, request.body.email, linkBase(deps.config), deps.mailer);
      return reply.status(201).send(invite);
    },
  );

  app.post(
    '/api/accounts/:accountId/invites/:inviteId/link',
    {
      schema: {
        tags,
        summary: 'A new link for a pending invite (the previous one stops working)',
        params: z.object({ accountId: z.string(), inviteId: z.string() }),
        body: noBody,
        response: { 200: inviteLinkResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const invite = await reissueInviteLink(
        changeContextOf(request, deps),
        request.params.inviteId,
        linkBase(deps.config),
      );
      return { ...invite, isMailed: false };
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
      await withdrawInvite(changeContextOf(request, deps), request.params.inviteId);
      return reply.status(204).send();
    },
  );
}
