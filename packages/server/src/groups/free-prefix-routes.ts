import type { FastifyInstance } from 'fastify';
import { groupRoutes } from '@ipam/core/api/routes/groups';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { requireAccount } from '../auth/request-context.js';
import { freePrefixesOf } from './free-prefixes.js';

/** `GET /api/accounts/:a/groups/:id/free-prefixes`: where a new subnet of a given length fits. */
export function registerFreePrefixRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, groupRoutes.freePrefixes, async (request) =>
    freePrefixesOf(deps.db, requireAccount(request).id, request.params.groupId, request.query),
  );
}
