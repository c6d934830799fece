import type { FastifyInstance } from 'fastify';
import { scannerAgentSnmpRoutes, scannerSnmpRoutes } from '@ipam/core/api/routes/scanner-snmp';
import type { AppDeps } from '../app-deps.js';
import { changeContextOf } from '../auth/request-context.js';
import { registerRoute } from '../http/register-route.js';
import { authenticateScanner, type KeyFailureLimiter } from './scanner-auth.js';
import { agentSnmpTargets, replaceScannerSnmpTargets, snmpTargetsOf } from './snmp-targets.js';

/** Settings ▸ Scanners ▸ SNMP targets: admins only; communities and passwords are write-only. */
export function registerSnmpTargetRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, scannerSnmpRoutes.get, async (request) =>
    snmpTargetsOf(changeContextOf(request, deps), request.params.scannerId),
  );

  registerRoute(app, scannerSnmpRoutes.replace, async (request) =>
    replaceScannerSnmpTargets(
      changeContextOf(request, deps),
      deps.secrets,
      request.params.scannerId,
      request.body,
    ),
  );
}

/** The agent's own SNMP targets with their credentials: its key only, counted by the agent API's limiter. */
export function registerAgentSnmpTargetRoute(
  app: FastifyInstance,
  deps: AppDeps,
  limiter: KeyFailureLimiter,
): void {
  registerRoute(app, scannerAgentSnmpRoutes.targets, async (request) => {
    const { scanner } = await authenticateScanner(deps.db, request, limiter);
    return agentSnmpTargets(deps.db, deps.secrets, scanner, (targetId) =>
      request.log.warn(
        { scannerId: scanner.id, targetId },
        'SNMP target credentials do not open (was the secret key changed?)',
      ),
    );
  });
}
