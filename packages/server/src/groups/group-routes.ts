import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { groupCreateSchema, groupUpdateSchema } from '@ipam/core/schemas/group-schemas';
import { errorResponse, listOf, noBody } from '@ipam/core/api/common';
import { groupResponse } from '@ipam/core/api/ipam';
import type { AppDeps } from '../http/app-deps.js';
import { changeContextOf, requireAccount } from '../http/request-context.js';
import { listGroups } from './group-repository.js';
import { createGroup, deleteGroup, editGroup } from './groups.js';

const accountParams = z.object({ accountId: z.string() });
const groupParams = z.object({ accountId: z.string(), groupId: z.string() });
const writeErrors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };

/** Groups: list by name, create, rename/describe/move, delete when empty. */
export function registerGroupRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['groups'];

  app.get(
    '/api/accounts/:accountId/groups',
    {
      schema: {
        tags,
        summary: 'Groups, ordered by name',
        params: accountParams,
        response: { 200: listOf(groupResponse), 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => ({ items: await listGroups(deps.db, requireAccount(request).id) }),
  );

  app.post(
    '/api/accounts/:accountId/groups',
    {
      schema: {
        tags,
        summary: 'Create a group (parentId empty or null: top level)',
        params: accountParams,
        body: groupCreateSchema,
        response: { 201: groupResponse, 403: errorResponse, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { name, description, parentId } = request.body;
      const group = await createGroup(changeContextOf(request, deps), {
        name,
        description,
        parentId: parentId ?? '',
      });
      return reply.status(201).send(group);
    },
  );

  app.patch(
    '/api/accounts/:accountId/groups/:groupId',
    {
      schema: {
        tags,
        summary: 'Rename, describe or move a group (a group cannot become its own ancestor)',
        params: groupParams,
        body: groupUpdateSchema,
        response: { 200: groupResponse, ...writeErrors },
      },
    },
    async (request) => {
      const { name, description, parentId } = request.body;
      return editGroup(changeContextOf(request, deps), request.params.groupId, {
        name,
        description,
        parentId: parentId === null ? '' : parentId,
      });
    },
  );

  app.delete(
    '/api/accounts/:accountId/groups/:groupId',
    {
      schema: {
        tags,
        summary: 'Delete an empty group (one with child groups or subnets is refused, 409)',
        params: groupParams,
        body: noBody,
        response: { 204: z.void(), 401: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      await deleteGroup(changeContextOf(request, deps), request.params.groupId);
      return reply.status(204).send();
    },
  );
}
