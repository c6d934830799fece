import type { FastifyInstance } from 'fastify';
import { planSubnetRoutes } from '@ipam/core/api/routes/plan-subnets';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { changeContextOf } from '../auth/request-context.js';
import { applyPlan } from './apply-plan.js';
import { addPlanSubnet, deletePlanSubnet, updatePlanSubnet } from './plan-subnets.js';
import { splitPlanSubnet } from './split-plan-subnet.js';

/** A plan's subnets (PL-12 … PL-15) and applying the plan to IPAM (PL-138). */
export function registerPlanSubnetRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, planSubnetRoutes.add, async (request, reply) => {
    const subnet = await addPlanSubnet(changeContextOf(request, deps), request.params.planId, request.body);
    return reply.status(201).send(subnet);
  });

  registerRoute(app, planSubnetRoutes.update, async (request) => {
    const { planId, subnetId } = request.params;
    return updatePlanSubnet(changeContextOf(request, deps), planId, subnetId, request.body);
  });

  registerRoute(app, planSubnetRoutes.remove, async (request, reply) => {
    const { planId, subnetId } = request.params;
    await deletePlanSubnet(changeContextOf(request, deps), planId, subnetId, request.body?.expectedVersion);
    return reply.status(204).send();
  });

  registerRoute(app, planSubnetRoutes.split, async (request, reply) => {
    const { planId, subnetId } = request.params;
    return reply
      .status(201)
      .send(await splitPlanSubnet(changeContextOf(request, deps), planId, subnetId, request.body));
  });

  registerRoute(app, planSubnetRoutes.apply, async (request) =>
    applyPlan(changeContextOf(request, deps), request.params.planId, request.body),
  );
}
