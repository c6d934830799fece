import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { messages } from '@ipam/core/messages';
import { findAccountOfMember } from '../accounts/account-repository.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';

/** Every account-scoped route starts with this path. */
export const accountScopePrefix = '/api/accounts/:accountId';

/** A registered account-scoped route (the permission matrix test walks these). */
export interface ScopedRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under /api/accounts/:accountId, filled as routes are registered. */
    accountRoutes: ScopedRoute[];
  }
}

/**
 * The one membership check. Every route registered under `/api/accounts/:accountId` — now or by a
 * later module — gets this hook first: no session is a 401, an account the caller does not belong to
 * (or that does not exist) is a 404, and the account, read fresh from the database, is put on the
 * request so limits changed by `ipam admin` apply to the next request. Register before any route.
 */
export function registerAccountScope(app: FastifyInstance, db: Db): void {
  const requireMembership: onRequestAsyncHookHandler = async (request) => {
    if (!request.auth) throw new DomainError('not_signed_in', messages.notAuthenticated);
    const { accountId } = request.params as { accountId?: string };
    const account = accountId ? await findAccountOfMember(db, accountId, request.auth.userId) : undefined;
    if (!account) throw new DomainError('not_found', messages.notFound);
    request.account = account;
  };
  const routes: ScopedRoute[] = [];
  app.decorate('accountRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/accounts/:')) return;
    if (route.url !== accountScopePrefix && !route.url.startsWith(`${accountScopePrefix}/`)) {
      throw new Error(`account routes must start with ${accountScopePrefix}: ${route.url}`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') routes.push({ method, url: route.url });
    }
    const existing = route.onRequest ?? [];
    route.onRequest = [requireMembership, ...(Array.isArray(existing) ? existing : [existing])];
  });
}
