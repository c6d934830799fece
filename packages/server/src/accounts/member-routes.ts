import type { FastifyInstance } from 'fastify';
import { memberRoutes } from '@ipam/core/api/routes/members';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { changeContextOf, requireAccount, requireRole } from '../auth/request-context.js';
import { groupLimitsOfAccount, roleOf } from '../roles/member-role-repository.js';
import { setMemberRole } from '../roles/set-member-role.js';
import { listMembers } from './account-repository.js';
import { removeMember } from './remove-member.js';

/** The account's users: list (with roles), role and group limits (owners), removal. */
export function registerMemberRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  registerRoute(app, memberRoutes.list, async (request) => {
    const accountId = requireAccount(request).id;
    const members = await listMembers(db, accountId);
    const limits = await groupLimitsOfAccount(db, accountId);
    const items = members.map(({ uid, role, ...user }) => ({
      ...user,
      isOwner: user.id === uid,
      role: roleOf(role),
      groupIds: limits.get(user.id) ?? [],
    }));
    // The account holder first, like the spec's list where the owner carries the Owner label.
    items.sort((a, b) => Number(b.isOwner) - Number(a.isOwner));
    return { items };
  });

  registerRoute(app, memberRoutes.setRole, async (request) =>
    setMemberRole(changeContextOf(request, deps), request.params.userId, request.body),
  );

  registerRoute(app, memberRoutes.remove, async (request, reply) => {
    await removeMember(changeContextOf(request, deps), request.params.userId, requireRole(request));
    return reply.status(204).send();
  });
}
