import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@ipam/core/api/common';
import { freePrefixesResponse } from '@ipam/core/api/next-free';
import { freePrefixesQuery } from '@ipam/core/schemas/next-free-schemas';
import type { AppDeps } from '../http/app-deps.js';
import { requireAccount } from '../http/request-context.js';
import { freePrefixesOf } from './free-prefixes.js';

const groupParams = z.object({ accountId: z.string(), groupId: z.string() });

/** `GET /api/accounts/:a/groups/:id/free-prefixes`: where a new subnet of a given length fits. */
export function registerFreePrefixRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/accounts/:accountId/groups/:groupId/free-prefixes',
    {
      schema: {
        tags: ['groups'],
        summary:
          'The first free aligned prefixes of `length` that overlap no subnet of the account, inside `within` ' +
          "(default: the smallest prefix holding the group's subnets)",
        params: groupParams,
        querystring: freePrefixesQuery,
        response: { 200: freePrefixesResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) =>
      freePrefixesOf(deps.db, requireAccount(request).id, request.params.groupId, request.query),
  );
}
