import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, listOf, noBody } from '@ipam/core/api/common';
import { tokenResponse, tokenWithSecretResponse } from '@ipam/core/api/token';
import { tokenCreateSchema } from '@ipam/core/schemas/token-schemas';
import type { AppDeps } from '../http/app-deps.js';
import { changeContextOf } from '../http/request-context.js';
import { createToken, revokeAccountToken, tokensOf } from './tokens.js';

const accountParams = z.object({ accountId: z.string() });
const tokenParams = z.object({ accountId: z.string(), tokenId: z.string() });
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Settings ▸ API Tokens: list, create (secret answered once), revoke. Sessions only: tokens cannot mint tokens. */
export function registerTokenRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['tokens'];
  const base = '/api/accounts/:accountId/tokens';

  app.get(
    base,
    {
      schema: {
        tags,
        summary: "The account's API tokens that are not revoked, newest first; secrets are never read back",
        params: accountParams,
        response: { 200: listOf(tokenResponse), ...errors },
      },
    },
    async (request) => ({ items: await tokensOf(changeContextOf(request, deps)) }),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary:
          'Create an API token for this account; the answer carries its secret, the only time it is shown',
        params: accountParams,
        body: tokenCreateSchema,
        response: { 201: tokenWithSecretResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createToken(changeContextOf(request, deps), request.body)),
  );

  app.delete(
    `${base}/:tokenId`,
    {
      schema: {
        tags,
        summary: 'Revoke a token: it stops working at once',
        params: tokenParams,
        body: noBody,
        response: { 204: z.void(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeAccountToken(changeContextOf(request, deps), request.params.tokenId);
      return reply.status(204).send();
    },
  );
}
