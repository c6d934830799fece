import type { FastifyInstance } from 'fastify';
import { inventoryRoutes } from '@ipam/core/api/routes/inventory';
import type { AppDeps } from '../app-deps.js';
import { requireAccount } from '../auth/request-context.js';
import { registerRoute } from '../http/register-route.js';
import { inventoryOf } from './inventory.js';

/** `GET /api/accounts/:a/inventory`: the hosts `ipam inventory` hands to Ansible. */
export function registerInventoryRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, inventoryRoutes.get, async (request) =>
    inventoryOf(deps.db, requireAccount(request).id, request.query),
  );
}
