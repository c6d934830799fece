import type { FastifyInstance } from 'fastify';
import { groupRoutes } from '@ipam/core/api/routes/groups';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { changeContextOf, requireAccount } from '../auth/request-context.js';
import { listGroups } from './group-repository.js';
import { createGroup, deleteGroup, editGroup } from './groups.js';

/** Groups: list by name, create, rename/describe/move, delete when empty. */
export function registerGroupRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, groupRoutes.list, async (request) => ({
    items: await listGroups(deps.db, requireAccount(request).id),
  }));

  registerRoute(app, groupRoutes.create, async (request, reply) => {
    const { name, description, parentId } = request.body;
    const group = await createGroup(changeContextOf(request, deps), {
      name,
      description,
      parentId: parentId ?? '',
    });
    return reply.status(201).send(group);
  });

  registerRoute(app, groupRoutes.update, async (request) => {
    const { name, description, parentId } = request.body;
    return editGroup(changeContextOf(request, deps), request.params.groupId, {
      name,
      description,
      parentId: parentId === null ? '' : parentId,
    });
  });

  registerRoute(app, groupRoutes.remove, async (request, reply) => {
    await deleteGroup(changeContextOf(request, deps), request.params.groupId);
    return reply.status(204).send();
  });
}
