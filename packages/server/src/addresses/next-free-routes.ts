import type { FastifyInstance } from 'fastify';
import { addressRoutes } from '@ipam/core/api/routes/addresses';
import { NEXT_FREE_DEFAULTS } from '@ipam/core/schemas/next-free-schemas';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { changeContextOf } from '../auth/request-context.js';
import { assignNextFree } from './next-free.js';

/** `POST /api/accounts/:a/subnets/:id/addresses/next`: hands out the lowest free address(es). */
export function registerNextFreeRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, addressRoutes.assignNextFree, async (request, reply) =>
    reply.status(201).send({
      items: await assignNextFree(
        changeContextOf(request, deps),
        request.params.subnetId,
        request.body ?? NEXT_FREE_DEFAULTS,
      ),
    }),
  );
}
