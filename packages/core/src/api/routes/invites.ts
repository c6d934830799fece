import { z } from 'zod';
import { inviteLinkResponse, inviteResponse } from '../account.js';
import { errorResponse, listOf, noBody } from '../common.js';
import { inviteSchema } from '../../schemas/auth-schemas.js';
import { accountParams } from '../route-params.js';
import { defineRoute } from '../route-table.js';

const tags = ['people'];
const inviteParams = accountParams.extend({ inviteId: z.string() });

/** Pending invites: list, invite (with an e-mail when SMTP is configured), a new link, withdraw. */
export const inviteRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/invites',
    tags,
    summary: 'Pending invites',
    params: accountParams,
    responses: { 200: listOf(inviteResponse), 401: errorResponse, 404: errorResponse },
  }),
  create: defineRoute({
    method: 'POST',
    minRole: 'admin',
    path: '/api/accounts/:accountId/invites',
    tags,
    summary: 'Invite an e-mail address (members + pending invites ≤ maxusers)',
    params: accountParams,
    body: inviteSchema,
    responses: { 201: inviteLinkResponse, 400: errorResponse, 403: errorResponse, 409: errorResponse },
  }),
  reissueLink: defineRoute({
    method: 'POST',
    minRole: 'admin',
    path: '/api/accounts/:accountId/invites/:inviteId/link',
    tags,
    summary: 'A new link for a pending invite (the previous one stops working)',
    params: inviteParams,
    body: noBody,
    responses: { 200: inviteLinkResponse, 404: errorResponse },
  }),
  withdraw: defineRoute({
    method: 'DELETE',
    minRole: 'admin',
    path: '/api/accounts/:accountId/invites/:inviteId',
    tags,
    summary: 'Withdraw an invite',
    params: inviteParams,
    body: noBody,
    responses: { 204: z.void(), 404: errorResponse },
  }),
};
