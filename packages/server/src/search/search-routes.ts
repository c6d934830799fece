import type { FastifyInstance } from 'fastify';
import { searchRoutes } from '@ipam/core/api/routes/search';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { requireAccount } from '../auth/request-context.js';
import { searchAccount } from './search.js';

/** Search across every subnet of the account ("where is web01?"). */
export function registerSearchRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, searchRoutes.search, async (request) =>
    searchAccount(deps.db, requireAccount(request).id, request.query.q, request.query.vrfId || undefined),
  );
}
