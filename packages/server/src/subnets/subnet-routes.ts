import type { FastifyInstance } from 'fastify';
import { subnetRoutes } from '@ipam/core/api/routes/subnets';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { changeContextOf, requireAccount } from '../auth/request-context.js';
import { listSubnets } from './subnet-repository.js';
import { subnetView } from './subnet-view.js';
import {
  createNextChild,
  createSubnet,
  deleteSubnet,
  editSubnet,
  requestScan,
  requireSubnet,
} from './subnets.js';

/** Subnets: list by name, create (tier, limit and overlap rules), read, edit, delete, Scan Now. */
export function registerSubnetRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, subnetRoutes.list, async (request) => {
    const { parentId, vrfId } = request.query;
    const only = {
      parentId: parentId === 'none' ? null : parentId || undefined,
      vrfId: vrfId || undefined,
    };
    return { items: (await listSubnets(deps.db, requireAccount(request).id, only)).map(subnetView) };
  });

  registerRoute(app, subnetRoutes.create, async (request, reply) => {
    const body = request.body;
    const isIPv6 = 'prefixLength' in body;
    const subnet = await createSubnet(changeContextOf(request, deps), {
      version: isIPv6 ? 6 : 4,
      name: body.name,
      vlanId: body.vlanId,
      description: body.description,
      groupId: body.groupId,
      networkIP: body.networkIP,
      length: isIPv6 ? body.prefixLength : body.bits,
      scanningType: body.scanningType,
      scanFrequency: body.scanFrequency,
      vrfId: body.vrfId,
      kind: body.kind,
      staleAfterDays: body.staleAfterDays,
    });
    return reply.status(201).send(subnetView(subnet));
  });

  registerRoute(app, subnetRoutes.next, async (request, reply) => {
    const subnet = await createNextChild(changeContextOf(request, deps), request.body);
    return reply.status(201).send(subnetView(subnet));
  });

  registerRoute(app, subnetRoutes.get, async (request) =>
    subnetView(await requireSubnet(deps.db, requireAccount(request).id, request.params.subnetId)),
  );

  registerRoute(app, subnetRoutes.update, async (request) =>
    subnetView(await editSubnet(changeContextOf(request, deps), request.params.subnetId, request.body)),
  );

  registerRoute(app, subnetRoutes.remove, async (request, reply) => {
    await deleteSubnet(changeContextOf(request, deps), request.params.subnetId);
    return reply.status(204).send();
  });

  registerRoute(app, subnetRoutes.scan, async (request) =>
    subnetView(await requestScan(changeContextOf(request, deps), request.params.subnetId)),
  );
}
