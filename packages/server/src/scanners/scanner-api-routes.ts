import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse } from '@ipam/core/api/common';
import { scanJobsResponse, scanResultsResponse } from '@ipam/core/api/scanner';
import { scanResultsSchema } from '@ipam/core/schemas/scanner-schemas';
import type { AppDeps } from '../http/app-deps.js';
import { dueJobs } from './scan-jobs.js';
import { applyScanResults } from './scan-results.js';
import { authenticateScanner, createKeyFailureLimiter } from './scanner-auth.js';

/** Failed keys allowed per client every 15 minutes. */
const KEY_FAILURES_PER_WINDOW = 20;
const KEY_FAILURE_WINDOW_MS = 15 * 60 * 1000;

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  429: errorResponse,
};

/**
 * The agent's API (`Authorization: Bearer <scanner key>`; nothing else a key can reach): the due
 * subnets as jobs, and the results of a job in batches.
 */
export function registerScannerApiRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['scanner agent'];
  const limiter = createKeyFailureLimiter(KEY_FAILURES_PER_WINDOW, KEY_FAILURE_WINDOW_MS);
  const security = [{ scannerKey: [] }];

  app.get(
    '/api/scanner/jobs',
    {
      schema: {
        tags,
        security,
        summary:
          "The scanner's due subnets (Scan Now, never scanned, or frequency passed), each leased to it until its " +
          'last batch arrives or the lease ends; none while Block Scanning is on',
        response: { 200: scanJobsResponse, ...errors },
      },
    },
    async (request) => {
      const { scanner } = await authenticateScanner(deps.db, request, limiter);
      return dueJobs(deps.db, scanner, new Date());
    },
  );

  app.post(
    '/api/scanner/results',
    {
      schema: {
        tags,
        security,
        summary:
          'One batch of a job: auto scanning writes the differences, approval scanning makes approval entries; ' +
          'the batch with done: true sets lastScanned and clears scanNow',
        body: scanResultsSchema,
        response: { 200: scanResultsResponse, 409: errorResponse, ...errors },
      },
    },
    async (request) => {
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
    },
  );
}
