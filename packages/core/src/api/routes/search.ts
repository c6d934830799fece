import { searchQuerySchema } from '../../schemas/search-schemas.js';
import { errorResponse } from '../common.js';
import { accountParams } from '../route-params.js';
import { searchResponse } from '../search.js';
import { defineRoute } from '../route-table.js';

/** Search across every subnet of the account ("where is web01?"). */
export const searchRoutes = {
  search: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/search',
    tags: ['search'],
    summary: 'Addresses, hostnames, descriptions, subnet names and networks matching a text, per subnet',
    params: accountParams,
    query: searchQuerySchema,
    responses: { 200: searchResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
  }),
};
