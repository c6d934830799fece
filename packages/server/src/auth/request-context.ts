import type { FastifyRequest } from 'fastify';
import { messages } from '@ipam/core/messages';
import type { Role } from '@ipam/core/roles';
import type { AccountRecord } from '../accounts/account-repository.js';
import type { UserChangeContext } from '../commands/change.js';
import { DomainError } from '../errors/domain-error.js';
import type { AppDeps } from '../app-deps.js';

/** A signed-in caller: the user and the session token that proved it. */
export interface RequestAuth {
  userId: string;
  /** The session token; empty when an API token proved the caller. */
  token: string;
  /** The API token the request carried (`Authorization: Bearer`), instead of a session. */
  apiToken?: { id: string; name: string; scope: 'read' | 'write' };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null (set for every /api request). */
    auth: RequestAuth | null;
    /** The account of an `/api/accounts/:accountId/...` route, read fresh; set once membership is checked. */
    account: AccountRecord | null;
    /** The caller's role in that account (an API token: its maker's, read now); set with `account`. */
    role: Role | null;
  }
}

/** The signed-in caller; a 401 when there is none. */
export function requireAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new DomainError('not_signed_in', messages.notAuthenticated);
  return request.auth;
}

/** The account of an account-scoped route (the scope hook guarantees it is set). */
export function requireAccount(request: FastifyRequest): AccountRecord {
  if (!request.account) throw new DomainError('not_found', messages.notFound);
  return request.account;
}

/** The caller's role in the account of an account-scoped route (the scope hook guarantees it is set). */
export function requireRole(request: FastifyRequest): Role {
  if (!request.role) throw new DomainError('not_found', messages.notFound);
  return request.role;
}

/** The change context of an account-scoped request: its account, the signed-in user, the app's events. */
export function changeContextOf(
  request: FastifyRequest,
  deps: Pick<AppDeps, 'db' | 'events'>,
): UserChangeContext {
  const auth = requireAuth(request);
  return {
    db: deps.db,
    account: requireAccount(request),
    userId: auth.userId,
    // A token's changes are recorded as its maker's, with the token named as the actor.
    ...(auth.apiToken ? { actor: `token ${auth.apiToken.name}` } : {}),
    events: deps.events,
    log: request.log,
    ...(request.idempotencyClaim ? { idempotency: request.idempotencyClaim.fence } : {}),
  };
}

/** The client of a sign-in as its session and History record it: browser and address (`request.ip`, behind TRUST_PROXY the forwarded one). */
export function clientOf(request: FastifyRequest): { userAgent?: string; ipAddress: string } {
  return { userAgent: request.headers['user-agent'], ipAddress: request.ip };
}
