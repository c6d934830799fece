import { z } from 'zod';
import { messages } from '../../messages.js';
import { memberRoleSchema } from '../../schemas/role-schemas.js';
import { memberResponse } from '../account.js';
import { errorResponse, listOf, noBody } from '../common.js';
import { accountParams } from '../route-params.js';
import { defineRoute } from '../route-table.js';

const tags = ['people'];

/** The account's users: list, role (issue 34) and removal. */
export const memberRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/users',
    tags,
    summary: 'Users of the account',
    params: accountParams,
    responses: { 200: listOf(memberResponse), 401: errorResponse, 404: errorResponse },
  }),
  setRole: defineRoute({
    method: 'PATCH',
    minRole: 'owner',
    roleRefusal: messages.onlyOwnerSetsRoles,
    path: '/api/accounts/:accountId/users/:userId',
    tags,
    summary: "Set a member's role, and an editor's group limits (groupIds; absent or empty: every group)",
    params: accountParams.extend({ userId: z.string() }),
    body: memberRoleSchema,
    responses: { 200: memberResponse, 400: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  remove: defineRoute({
    method: 'DELETE',
    minRole: 'admin',
    path: '/api/accounts/:accountId/users/:userId',
    tags,
    summary: 'Remove a user from the account (not the owner)',
    params: accountParams.extend({ userId: z.string() }),
    body: noBody,
    responses: { 204: z.void(), 403: errorResponse, 404: errorResponse },
  }),
};
