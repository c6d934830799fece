import { readErrors } from '../route-errors.js';
import { subnetParams } from '../route-params.js';
import { defineRoute } from '../route-table.js';
import { scanHistoryResponse } from '../scan-history.js';

/** A subnet's scan history (issue 33). */
export const scanHistoryRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/subnets/:subnetId/scans',
    tags: ['scanners'],
    summary: "A subnet's latest scans (newest first), when it was last scanned and the scanners covering it",
    params: subnetParams,
    responses: { 200: scanHistoryResponse, ...readErrors },
  }),
};
