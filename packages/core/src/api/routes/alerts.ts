import { alertQuery, alertDigestUpdateSchema } from '../../schemas/alert-schemas.js';
import { alertDigestResponse, alertPageResponse } from '../alert.js';
import { errorResponse } from '../common.js';
import { readErrors } from '../route-errors.js';
import { accountParams } from '../route-params.js';
import { defineRoute } from '../route-table.js';

/** Discovery alerts of an account (issue 33), and each user's choice of a daily e-mail of them. */
export const alertRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/alerts',
    tags: ['alerts'],
    summary:
      'Discovery alerts (new host, MAC changed, went stale), newest first; pass nextCursor as cursor for the next page',
    params: accountParams,
    query: alertQuery,
    responses: { 200: alertPageResponse, 400: errorResponse, ...readErrors },
  }),
  digest: defineRoute({
    method: 'GET',
    path: '/api/auth/alert-digest',
    tags: ['alerts'],
    summary: 'Whether the signed-in user gets a daily e-mail of the alerts of their accounts',
    responses: { 200: alertDigestResponse, 401: errorResponse },
  }),
  setDigest: defineRoute({
    method: 'PUT',
    path: '/api/auth/alert-digest',
    tags: ['alerts'],
    summary:
      'Opt in to or out of the daily e-mail of alerts (opting in is refused with 409 when the server sends no e-mail)',
    body: alertDigestUpdateSchema,
    responses: { 200: alertDigestResponse, 400: errorResponse, 401: errorResponse, 409: errorResponse },
  }),
};
