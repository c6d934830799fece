import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import { messages } from '@ipam/core/messages';
import { findMembership, type AccountRecord } from '../accounts/account-repository.js';
import { checkGroupLimitsOfBody, checkGroupLimitsOfPath } from '../roles/group-limit-check.js';
import { roleOf } from '../roles/member-role-repository.js';
import { checkRouteRole } from '../roles/route-role.js';
import { resolveSessionInAccount } from './sessions.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { apiTokenTextOf, checkTokenAccess, resolveApiToken } from '../tokens/token-auth.js';
import { sessionTokenOf } from './session-hook.js';
import { hasSecondFactor } from '../two-factor/second-factor-repository.js';

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

/** Puts a member's account and role on the request and checks the route's role: no membership is a 404. */
function acceptMembership(
  request: FastifyRequest,
  membership: { account: AccountRecord; role: string } | undefined,
): void {
  if (!membership) throw new DomainError('not_found', messages.notFound);
  request.account = membership.account;
  request.role = roleOf(membership.role);
  checkRouteRole(request, request.role);
}

/** Puts the caller of a session on the request: no live session is a 401, no membership a 404. */
function acceptSessionCaller(
  request: FastifyRequest,
  token: string,
  caller: { userId: string; account: AccountRecord | null; role: string | null } | null,
): void {
  if (caller) request.auth = { userId: caller.userId, token };
  request.account = caller?.account ?? null;
  request.role = caller?.role ? roleOf(caller.role) : null;
  if (!request.auth) throw new DomainError('not_signed_in', messages.notAuthenticated);
  if (!request.account) throw new DomainError('not_found', messages.notFound);
}

/**
 * The one membership check. Every route registered under `/api/accounts/:accountId` — now or by a
 * later module — gets this hook first: no session is a 401, an account the caller does not belong to
 * (or that does not exist) is a 404, and the account, read fresh from the database, is put on the
 * request so limits changed by `ipam admin` apply to the next request. The caller's role (a token's:
 * its maker's, read now) must reach the route's minimum from core's table, else 403 (docs/roles.md);
 * an editor limited to groups is checked before validation by the path and after it by the body
 * (`roles/group-limit-check.ts`). The session cookie of these
 * routes is read here, joined with the membership: a member's request costs one query, not two. No
 * route opts out. Register before any route.
 */
export function registerAccountScope(app: FastifyInstance, db: Db): void {
  const resolveMember = async (request: FastifyRequest): Promise<void> => {
    const { accountId = '' } = request.params as { accountId?: string };
    const apiToken = apiTokenTextOf(request);
    if (apiToken !== null) {
      // An API token replaces the session: cookies are not read at all.
      const found = await resolveApiToken(db, apiToken);
      checkTokenAccess(found, request, accountId);
      const { id, name, scope } = found;
      request.auth = { userId: found.userId, token: '', apiToken: { id, name, scope } };
      // The token acts with its maker's role as it is now: a later change of it applies at once.
      acceptMembership(request, await findMembership(db, accountId, found.userId));
      return;
    }
    const token = request.auth ? null : sessionTokenOf(request);
    if (token !== null) {
      acceptSessionCaller(request, token, await resolveSessionInAccount(db, token, accountId));
      checkRouteRole(request, roleOf(request.role ?? ''));
      return;
    }
    if (!request.auth) throw new DomainError('not_signed_in', messages.notAuthenticated);
    // Signed in by another hook than the session cookie's.
    acceptMembership(request, await findMembership(db, accountId, request.auth.userId));
  };
  const requireGroupLimitsOfPath: preValidationAsyncHookHandler = async (request) => {
    if (request.auth && request.routeOptions.config.isSessionReadWithMembership) {
      await checkGroupLimitsOfPath(db, request, request.auth.userId);
    }
  };
  const requireGroupLimitsOfBody: preHandlerAsyncHookHandler = async (request) => {
    if (request.auth && request.routeOptions.config.isSessionReadWithMembership) {
      await checkGroupLimitsOfBody(db, request, request.auth.userId);
    }
  };
  const requireMembership: onRequestAsyncHookHandler = async (request) => {
    await resolveMember(request);
    // The owner's rule (issue 34): a member without a second factor sets one up before reaching the data.
    // Read only for accounts that have the rule, so other accounts' requests cost no extra query.
    if (request.account?.requireSecondFactor === 1 && request.auth) {
      if (!(await hasSecondFactor(db, request.auth.userId))) {
        throw new DomainError('second_factor_required', messages.secondFactorRequired);
      }
    }
  };
  const routes: ScopedRoute[] = [];
  app.decorate('accountRoutes', routes);
  // Before every other preHandler (idempotency claims a key only for an allowed write).
  app.addHook('preValidation', requireGroupLimitsOfPath);
  app.addHook('preHandler', requireGroupLimitsOfBody);
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
    route.config = { ...route.config, isSessionReadWithMembership: true };
  });
}
