import type { FastifyInstance } from 'fastify';
import { vrfRoutes } from '@ipam/core/api/routes/vrfs';
import type { AppDeps } from '../app-deps.js';
import { changeContextOf, requireAccount } from '../auth/request-context.js';
import { registerRoute } from '../http/register-route.js';
import { countSubnetsPerVrf, listVrfs } from './vrf-repository.js';
import { createVrf, deleteVrf, editVrf, vrfView } from './vrfs.js';

/** VRFs: list by name with subnet counts, create, edit, delete when empty (never Global). */
export function registerVrfRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, vrfRoutes.list, async (request) => {
    const accountId = requireAccount(request).id;
    const [vrfs, counts] = await Promise.all([
      listVrfs(deps.db, accountId),
      countSubnetsPerVrf(deps.db, accountId),
    ]);
    return { items: vrfs.map((vrf) => vrfView(vrf, counts.get(vrf.id) ?? 0)) };
  });

  registerRoute(app, vrfRoutes.create, async (request, reply) => {
    const vrf = await createVrf(changeContextOf(request, deps), request.body);
    return reply.status(201).send(vrf);
  });

  registerRoute(app, vrfRoutes.update, async (request) =>
    editVrf(changeContextOf(request, deps), request.params.vrfId, request.body),
  );

  registerRoute(app, vrfRoutes.remove, async (request, reply) => {
    await deleteVrf(changeContextOf(request, deps), request.params.vrfId);
    return reply.status(204).send();
  });
}
