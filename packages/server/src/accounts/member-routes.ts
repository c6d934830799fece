import type { FastifyInstance } from 'fastify';
import { memberRoutes } from '@ipam/core/api/routes/members';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { changeContextOf, requireAccount } from '../auth/request-context.js';
import { listMembers } from './account-repository.js';
import { removeMember } from './remove-member.js';

/** The account's users: list and removal. */
export function registerMemberRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  registerRoute(app, memberRoutes.list, async (request) => {
    const members = await listMembers(db, requireAccount(request).id);
    const items = members.map(({ uid, ...user }) => ({ ...user, isOwner: user.id === uid }));
    // Owner first, like the spec's list where the owner carries the Owner label.
    items.sort((a, b) => Number(b.isOwner) - Number(a.isOwner));
    return { items };
  });

  registerRoute(app, memberRoutes.remove, async (request, reply) => {
    await removeMember(changeContextOf(request, deps), request.params.userId);
    return reply.status(204).send();
  });
}
