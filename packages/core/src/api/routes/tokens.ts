import { z } from 'zod';
import { tokenCreateSchema } from '../../schemas/token-schemas.js';
import { listOf, noBody } from '../common.js';
import { accountParams } from '../route-params.js';
import { tokenResponse, tokenWithSecretResponse } from '../token.js';
import { writeErrors } from '../route-errors.js';
import { defineRoute } from '../route-table.js';

const tags = ['tokens'];
const base = '/api/accounts/:accountId/tokens';

/** Settings ▸ API Tokens: list, create (secret answered once), revoke. Sessions only: tokens cannot mint tokens. */
export const tokenRoutes = {
  list: defineRoute({
    method: 'GET',
    minRole: 'admin',
    path: base,
    tags,
    summary: "The account's API tokens that are not revoked, newest first; secrets are never read back",
    params: accountParams,
    responses: { 200: listOf(tokenResponse), ...writeErrors },
  }),
  create: defineRoute({
    method: 'POST',
    minRole: 'admin',
    path: base,
    tags,
    summary: 'Create an API token for this account; the answer carries its secret, the only time it is shown',
    params: accountParams,
    body: tokenCreateSchema,
    responses: { 201: tokenWithSecretResponse, ...writeErrors },
  }),
  revoke: defineRoute({
    method: 'DELETE',
    minRole: 'admin',
    path: `${base}/:tokenId`,
    tags,
    summary: 'Revoke a token: it stops working at once',
    params: accountParams.extend({ tokenId: z.string() }),
    body: noBody,
    responses: { 204: z.void(), ...writeErrors },
  }),
};
