import type { FastifyInstance } from 'fastify';
import { scannerRoutes } from '@ipam/core/api/routes/scanners';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { changeContextOf } from '../auth/request-context.js';
import {
  createScanner,
  deleteScanner,
  editScanner,
  regenerateScannerKey,
  removeMissingSubnets,
  scannersOf,
} from './scanners.js';

/** Settings ▸ Scanners: list, register (key answered once), edit, regenerate the key, delete. */
export function registerScannerRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, scannerRoutes.list, async (request) => ({
    items: await scannersOf(changeContextOf(request, deps)),
  }));

  registerRoute(app, scannerRoutes.create, async (request, reply) =>
    reply.status(201).send(await createScanner(changeContextOf(request, deps), request.body)),
  );

  registerRoute(app, scannerRoutes.update, async (request) =>
    editScanner(changeContextOf(request, deps), request.params.scannerId, request.body),
  );

  registerRoute(app, scannerRoutes.regenerateKey, async (request) =>
    regenerateScannerKey(changeContextOf(request, deps), request.params.scannerId),
  );

  registerRoute(app, scannerRoutes.removeMissingSubnets, async (request) =>
    removeMissingSubnets(changeContextOf(request, deps), request.params.scannerId),
  );

  registerRoute(app, scannerRoutes.remove, async (request, reply) => {
    await deleteScanner(changeContextOf(request, deps), request.params.scannerId);
    return reply.status(204).send();
  });
}
