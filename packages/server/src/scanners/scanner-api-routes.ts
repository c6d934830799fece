import type { FastifyInstance } from 'fastify';
import { scannerAgentRoutes } from '@ipam/core/api/routes/scanner-agent';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { sharedCounters } from '../limits/rate-counters.js';
import { dueJobs } from './scan-jobs.js';
import { applyScanResults } from './scan-results.js';
import { authenticateScanner, createKeyFailureLimiter } from './scanner-auth.js';
import { registerAgentSnmpTargetRoute } from './snmp-target-routes.js';

/** Failed keys allowed per client every 15 minutes. */
const KEY_FAILURES_PER_WINDOW = 20;
const KEY_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * The agent's API (`Authorization: Bearer <scanner key>`; nothing else a key can reach): the due
 * subnets as jobs, and the results of a job in batches.
 */
export function registerScannerApiRoutes(app: FastifyInstance, deps: AppDeps): void {
  const limiter = createKeyFailureLimiter(
    KEY_FAILURES_PER_WINDOW,
    sharedCounters(deps.db, KEY_FAILURE_WINDOW_MS),
  );
  registerAgentSnmpTargetRoute(app, deps, limiter);

  registerRoute(app, scannerAgentRoutes.jobs, async (request) => {
    const { scanner } = await authenticateScanner(deps.db, request, limiter);
    return dueJobs(deps.db, scanner, new Date());
  });

  registerRoute(app, scannerAgentRoutes.results, async (request) => {
    const { scanner, account } = await authenticateScanner(deps.db, request, limiter);
    return applyScanResults(
      {
        db: deps.db,
        account,
        userId: null,
        actor: `scanner ${scanner.name}`,
        events: deps.events,
        log: request.log,
      },
      scanner,
      request.body,
    );
  });
}
