import type { FastifyInstance } from 'fastify';
import { tokenRoutes } from '@ipam/core/api/routes/tokens';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { changeContextOf } from '../auth/request-context.js';
import { createToken, revokeAccountToken, tokensOf } from './tokens.js';

/** Settings ▸ API Tokens: list, create (secret answered once), revoke. Sessions only: tokens cannot mint tokens. */
export function registerTokenRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, tokenRoutes.list, async (request) => ({
    items: await tokensOf(changeContextOf(request, deps)),
  }));

  registerRoute(app, tokenRoutes.create, async (request, reply) =>
    reply.status(201).send(await createToken(changeContextOf(request, deps), request.body)),
  );

  registerRoute(app, tokenRoutes.revoke, async (request, reply) => {
    await revokeAccountToken(changeContextOf(request, deps), request.params.tokenId);
    return reply.status(204).send();
  });
}
