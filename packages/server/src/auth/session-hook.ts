// Brings in @fastify/cookie's request/reply typings for this file.
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@ipam/core/messages';
import { resolveSession } from './sessions.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { apiTokenTextOf } from '../tokens/token-auth.js';
import { isApiRoute } from '../http/api-route.js';
import { sessionCookie } from './session-cookies.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on account routes: their membership hook reads the session with the membership, in one query. */
    isSessionReadWithMembership?: boolean;
  }
}

/** The session token of the request's cookie; null when there is none or it is too long to be one. */
export function sessionTokenOf(request: FastifyRequest): string | null {
  const token = request.cookies[sessionCookie];
  return token && token.length <= 100 ? token : null;
}

/** Routes of sign-in, sessions, profile and the caller's accounts: never reachable with an API token. */
function isSessionRoute(url: string): boolean {
  return url.startsWith('/api/auth/') || url === '/api/accounts';
}

/**
 * Reads the session cookie of every /api request and puts the signed-in caller on the request
 * (account routes: their membership hook does it, see `isSessionReadWithMembership`).
 */
export function registerSessionHook(app: FastifyInstance, db: Db): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('account', null);
  app.decorateRequest('role', null);
  app.addHook('onRequest', async (request) => {
    if (!isApiRoute(request) || request.routeOptions.config.isSessionReadWithMembership) return;
    if (apiTokenTextOf(request) !== null) {
      // A request with an API token ignores cookies; sessions and the account list are closed to tokens.
      if (isSessionRoute(request.routeOptions.url ?? '')) {
        throw new DomainError('token_not_allowed', messages.tokenNotAllowed);
      }
      return;
    }
    const token = sessionTokenOf(request);
    if (!token) return;
    const session = await resolveSession(db, token);
    if (session) request.auth = { userId: session.userId, token };
  });
}
