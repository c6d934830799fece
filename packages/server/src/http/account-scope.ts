import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onSendAsyncHookHandler,
} from 'fastify';
import { messages } from '@ipam/core/messages';
import { findAccountOfMember, type AccountRecord } from '../accounts/account-repository.js';
import type { CallerCheck } from '../auth/caller-check.js';
import { resolveSessionInAccount, sessionIdOf, settleSessionInAccount } from '../auth/sessions.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { statusOfCode, toErrorBody } from './error-handler.js';
import { apiTokenTextOf, checkTokenAccess, resolveApiToken } from '../tokens/token-auth.js';
import { sessionTokenOf } from './session-hook.js';

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
  interface FastifyContextConfig {
    /**
     * The route's first query makes the session and membership check itself, joined to its data
     * (`callerCheckOf`): for a session cookie the hook reads nothing and leaves the check pending.
     */
    isCallerCheckedByQuery?: boolean;
  }
  interface FastifyRequest {
    /** The session token whose check an `isCallerCheckedByQuery` route still owes; null once settled. */
    pendingCaller: string | null;
  }
}

/** Puts the caller of a session on the request: no live session is a 401, no membership a 404. */
function acceptSessionCaller(
  request: FastifyRequest,
  token: string,
  caller: { userId: string; account: AccountRecord | null } | null,
): void {
  if (caller) request.auth = { userId: caller.userId, token };
  request.account = caller?.account ?? null;
  if (!request.auth) throw new DomainError('not_signed_in', messages.notAuthenticated);
  if (!request.account) throw new DomainError('not_found', messages.notFound);
}

/**
 * The caller check an `isCallerCheckedByQuery` route's query must make (null when the hook made it,
 * as for an API token). Its `settle` answers exactly as the hook would have: 401, 404, or the caller
 * and account put on the request.
 */
export function callerCheckOf(request: FastifyRequest, db: Db): CallerCheck | null {
  const token = request.pendingCaller;
  if (token === null) return null;
  const sessionId = sessionIdOf(token);
  return {
    sessionId,
    now: nowIso(),
    settle: async (found) => {
      const caller = await settleSessionInAccount(db, token, found, sessionId);
      request.pendingCaller = null;
      acceptSessionCaller(request, token, caller);
    },
  };
}

/**
 * The one membership check. Every route registered under `/api/accounts/:accountId` — now or by a
 * later module — gets this hook first: no session is a 401, an account the caller does not belong to
 * (or that does not exist) is a 404, and the account, read fresh from the database, is put on the
 * request so limits changed by `ipam admin` apply to the next request. The session cookie of these
 * routes is read here, joined with the membership: a member's request costs one query, not two. A
 * route flagged `isCallerCheckedByQuery` makes that query part of its own (`callerCheckOf`), with the
 * same answers (see `settleBeforeAnswering`). Register before any route.
 */
export function registerAccountScope(app: FastifyInstance, db: Db): void {
  const requireMembership: onRequestAsyncHookHandler = async (request) => {
    const { accountId = '' } = request.params as { accountId?: string };
    const apiToken = apiTokenTextOf(request);
    if (apiToken !== null) {
      // An API token replaces the session: cookies are not read at all.
      const found = await resolveApiToken(db, apiToken);
      checkTokenAccess(found, request, accountId);
      const { id, name, scope } = found;
      request.auth = { userId: found.userId, token: '', apiToken: { id, name, scope } };
      request.account = (await findAccountOfMember(db, accountId, found.userId)) ?? null;
      if (!request.account) throw new DomainError('not_found', messages.notFound);
      return;
    }
    const token = request.auth ? null : sessionTokenOf(request);
    if (token !== null && request.routeOptions.config.isCallerCheckedByQuery) {
      request.pendingCaller = token;
      return;
    }
    if (token !== null) {
      acceptSessionCaller(request, token, await resolveSessionInAccount(db, token, accountId));
      return;
    }
    if (request.auth) {
      // Signed in by another hook than the session cookie's.
      request.account = (await findAccountOfMember(db, accountId, request.auth.userId)) ?? null;
    }
    if (!request.auth) throw new DomainError('not_signed_in', messages.notAuthenticated);
    if (!request.account) throw new DomainError('not_found', messages.notFound);
  };
  // A route that took the check over must make it before it answers. A success without it fails
  // closed (500). An error answered before it (a malformed query string) gives way to the check's own
  // refusal, so a caller without a live session or membership meets the 401 or 404 of every route.
  const settleBeforeAnswering: onSendAsyncHookHandler = async (request, reply, payload) => {
    const token = request.pendingCaller;
    if (token === null) return payload;
    request.pendingCaller = null;
    if (reply.statusCode < 400) {
      throw new Error(`${request.routeOptions.url ?? request.url} answered without checking its caller`);
    }
    const { accountId = '' } = request.params as { accountId?: string };
    try {
      acceptSessionCaller(request, token, await resolveSessionInAccount(db, token, accountId));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      void reply.code(statusOfCode[error.code]);
      return JSON.stringify(toErrorBody(error));
    }
    return payload;
  };
  app.decorateRequest('pendingCaller', null);
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
    route.config = { ...route.config, isSessionReadWithMembership: true };
    if (route.config.isCallerCheckedByQuery) {
      const onSend = route.onSend ?? [];
      route.onSend = [settleBeforeAnswering, ...(Array.isArray(onSend) ? onSend : [onSend])];
    }
  });
}
