import type { FastifyInstance } from 'fastify';
import { planRoutes } from '@ipam/core/api/routes/plans';
import { contentDisposition } from '@ipam/core/file-names';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { changeContextOf, requireAccount } from '../auth/request-context.js';
import { exportPlan } from './plan-export-files.js';
import { listPlanSummaries, readFullPlan, readPlanHistory, validateStoredPlan } from './plan-reads.js';
import { planView } from './plan-view.js';
import { createPlan, deletePlan, duplicatePlan, updatePlan } from './plans.js';

/** The network planner's plans (PL-6 … PL-11, PL-16 … PL-18); every member may read and write (PL-21). */
export function registerPlanRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  registerRoute(app, planRoutes.list, async (request) => ({
    items: await listPlanSummaries(db, requireAccount(request).id),
  }));

  registerRoute(app, planRoutes.create, async (request, reply) => {
    const state = await createPlan(changeContextOf(request, deps), request.body);
    return reply.status(201).send(planView(state.plan, state.subnets));
  });

  registerRoute(app, planRoutes.get, async (request) =>
    readFullPlan(db, requireAccount(request).id, request.params.planId),
  );

  registerRoute(app, planRoutes.update, async (request) => {
    const state = await updatePlan(changeContextOf(request, deps), request.params.planId, request.body);
    return planView(state.plan, state.subnets);
  });

  registerRoute(app, planRoutes.remove, async (request, reply) => {
    await deletePlan(changeContextOf(request, deps), request.params.planId, request.body?.expectedVersion);
    return reply.status(204).send();
  });

  registerRoute(app, planRoutes.duplicate, async (request, reply) => {
    const state = await duplicatePlan(
      changeContextOf(request, deps),
      request.params.planId,
      request.body?.expectedVersion,
    );
    return reply.status(201).send(planView(state.plan, state.subnets));
  });

  registerRoute(app, planRoutes.validate, async (request) =>
    validateStoredPlan(changeContextOf(request, deps), request.params.planId),
  );

  registerRoute(app, planRoutes.history, async (request) =>
    readPlanHistory(db, requireAccount(request).id, request.params.planId, request.query),
  );

  registerRoute(app, planRoutes.export, async (request, reply) => {
    const file = await exportPlan(db, requireAccount(request).id, request.params.planId, request.query);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', contentDisposition(file.fileName))
      .send(file.body);
  });
}
