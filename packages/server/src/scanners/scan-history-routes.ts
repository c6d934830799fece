import type { FastifyInstance } from 'fastify';
import { scanHistoryRoutes } from '@ipam/core/api/routes/scan-history';
import type { AppDeps } from '../app-deps.js';
import { changeContextOf } from '../auth/request-context.js';
import { registerRoute } from '../http/register-route.js';
import { scanHistoryOf } from './scan-history.js';

/** A subnet's scan history. */
export function registerScanHistoryRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, scanHistoryRoutes.list, async (request) =>
    scanHistoryOf(changeContextOf(request, deps), request.params.subnetId),
  );
}
