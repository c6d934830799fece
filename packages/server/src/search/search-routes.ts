import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@ipam/core/api/common';
import { searchResponse } from '@ipam/core/api/search';
import { searchQuerySchema } from '@ipam/core/schemas/search-schemas';
import type { AppDeps } from '../http/app-deps.js';
import { requireAccount } from '../http/request-context.js';
import { searchAccount } from './search.js';

/** Search across every subnet of the account ("where is web01?"). */
export function registerSearchRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/accounts/:accountId/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Addresses, hostnames, descriptions, subnet names and networks matching a text, per subnet',
        params: z.object({ accountId: z.string() }),
        querystring: searchQuerySchema,
        response: { 200: searchResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => searchAccount(deps.db, requireAccount(request).id, request.query.q),
  );
}
