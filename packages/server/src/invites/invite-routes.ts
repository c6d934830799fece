import type { FastifyInstance } from 'fastify';
import { authRoutes } from '@ipam/core/api/routes/auth';
import { inviteRoutes } from '@ipam/core/api/routes/invites';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { changeContextOf, requireAccount, requireRole } from '../auth/request-context.js';
import { createInvite } from './create-invite.js';
import { linkBase } from './invite-mailer.js';
import { readInvitation, reissueInviteLink } from './invite-link.js';
import { listInvites } from './invite-repository.js';
import { withdrawInvite } from './withdraw-invite.js';

/**
 * Pending invites: list, invite (with an e-mail when SMTP is configured), withdraw; and, for whoever
 * holds an invite link, whom it was sent to (the sign-up form fills the e-mail in).
 */
export function registerInviteRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  registerRoute(app, authRoutes.invitation, async (request) => readInvitation(db, request.query.invite));

  registerRoute(app, inviteRoutes.list, async (request) => ({
    items: await listInvites(db, requireAccount(request).id),
  }));

  registerRoute(app, inviteRoutes.create, async (request, reply) => {
    const ctx = { ...changeContextOf(request, deps), callerRole: requireRole(request) };
    const invite = await createInvite(ctx, request.body, linkBase(deps.config), deps.mailer);
    return reply.status(201).send(invite);
  });

  registerRoute(app, inviteRoutes.reissueLink, async (request) => {
    const invite = await reissueInviteLink(
      changeContextOf(request, deps),
      request.params.inviteId,
      linkBase(deps.config),
    );
    return { ...invite, isMailed: false };
  });

  registerRoute(app, inviteRoutes.withdraw, async (request, reply) => {
    await withdrawInvite(changeContextOf(request, deps), request.params.inviteId);
    return reply.status(204).send();
  });
}
