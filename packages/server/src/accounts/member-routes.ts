import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberResponse } from '@ipam/core/api/account';
import { errorResponse, listOf, noBody } from '@ipam/core/api/common';
import type { AppDeps } from '../http/app-deps.js';
import { changeContextOf, requireAccount } from '../http/request-context.js';
import { listMembers } from './account-repository.js';
import { removeMember } from './remove-member.js';

/** The account's users: list and removal. */
export function registerMemberRoutes(root: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['people'];

  app.get(
    '/api/accounts/:accountId/users',
    {
      schema: {
        tags,
        summary: 'Users of the account',
        params: z.object({ accountId: z.string() }),
        response: { 200: listOf(memberResponse), 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const members = await listMembers(db, requireAccount(request).id);
      const items = members.map(({ uid, ...user }) => ({ ...user, isOwner: user.id === uid }));
      // Owner first, like the spec's list where the owner carries the Owner label.
      items.sort((a, b) => Number(b.isOwner) - Number(a.isOwner));
      return { items };
    },
  );

  app.delete(
    '/api/accounts/:accountId/users/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a user from the account (not the owner)',
        params: z.object({ accountId: z.string(), userId: z.string() }),
        body: noBody,
        response: { 204: z.void(), 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      await removeMember(changeContextOf(request, deps), request.params.userId);
      return reply.status(204).send();
    },
  );
}
