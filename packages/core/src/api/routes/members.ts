import { z } from 'zod';
import { memberResponse } from '../account.js';
import { errorResponse, listOf, noBody } from '../common.js';
import { accountParams } from '../route-params.js';
import { defineRoute } from '../route-table.js';

const tags = ['people'];

/** The account's users: list and removal. */
export const memberRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/users',
    tags,
    summary: 'Users of the account',
    params: accountParams,
    responses: { 200: listOf(memberResponse), 401: errorResponse, 404: errorResponse },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/accounts/:accountId/users/:userId',
    tags,
    summary: 'Remove a user from the account (not the owner)',
    params: accountParams.extend({ userId: z.string() }),
    body: noBody,
    responses: { 204: z.void(), 403: errorResponse, 404: errorResponse },
  }),
};
