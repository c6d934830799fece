import type { FastifyInstance } from 'fastify';
import { calculationRoutes } from '@ipam/core/api/routes/calculations';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { changeContextOf, requireAccount } from '../auth/request-context.js';
import { listCalculations } from './calculation-repository.js';
import { toSavedIPv4, toSavedIPv6 } from './calculation-view.js';
import { removeCalculation } from './remove-calculation.js';
import { saveIPv4Calculation, saveIPv6Calculation } from './save-calculation.js';

/** Saved calculator results: list (newest first), save (the server computes the result), delete. */
export function registerCalculationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  registerRoute(app, calculationRoutes.listIPv4, async (request) => ({
    items: (await listCalculations(db, requireAccount(request).id, 'ipv4')).map(toSavedIPv4),
  }));

  registerRoute(app, calculationRoutes.listIPv6, async (request) => ({
    items: (await listCalculations(db, requireAccount(request).id, 'ipv6')).map(toSavedIPv6),
  }));

  registerRoute(app, calculationRoutes.saveIPv4, async (request, reply) => {
    const saved = await saveIPv4Calculation(changeContextOf(request, deps), request.body);
    return reply.status(201).send(toSavedIPv4(saved));
  });

  registerRoute(app, calculationRoutes.saveIPv6, async (request, reply) => {
    const saved = await saveIPv6Calculation(changeContextOf(request, deps), request.body);
    return reply.status(201).send(toSavedIPv6(saved));
  });

  registerRoute(app, calculationRoutes.remove, async (request, reply) => {
    await removeCalculation(changeContextOf(request, deps), request.params.calculationId);
    return reply.status(204).send();
  });
}
