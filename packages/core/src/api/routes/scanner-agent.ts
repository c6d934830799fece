import { scanResultsSchema } from '../../schemas/scanner-schemas.js';
import { errorResponse } from '../common.js';
import { scanJobsResponse, scanResultsResponse } from '../scanner.js';
import { defineRoute } from '../route-table.js';

const tags = ['scanner agent'];
const security = [{ scannerKey: [] }];
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
export const scannerAgentRoutes = {
  jobs: defineRoute({
    method: 'GET',
    path: '/api/scanner/jobs',
    tags,
    security,
    summary:
      "The scanner's due subnets (Scan Now, never scanned, or frequency passed), each leased to it until its " +
      'last batch arrives or the lease ends; none while Block Scanning is on',
    responses: { 200: scanJobsResponse, ...errors },
  }),
  results: defineRoute({
    method: 'POST',
    path: '/api/scanner/results',
    tags,
    security,
    summary:
      'One batch of a job: auto scanning writes the differences, approval scanning makes approval entries; ' +
      'the batch with done: true sets lastScanned and clears scanNow',
    body: scanResultsSchema,
    responses: { 200: scanResultsResponse, 409: errorResponse, ...errors },
  }),
};
