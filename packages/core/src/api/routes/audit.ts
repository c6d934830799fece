import { auditQuery } from '../../schemas/audit-schemas.js';
import { errorResponse } from '../common.js';
import { auditPageResponse } from '../ipam.js';
import { accountParams } from '../route-params.js';
import { defineRoute } from '../route-table.js';

/** The account's change log, newest first, paged by cursor through every entry. */
export const auditRoutes = {
  page: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/audit',
    tags: ['audit'],
    summary:
      'Change log (who, when, what, before/after), newest first, of the account, a subnet or a person; pass nextCursor as cursor',
    params: accountParams,
    query: auditQuery,
    responses: { 200: auditPageResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
  }),
};
