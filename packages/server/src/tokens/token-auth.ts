import type { FastifyRequest } from 'fastify';
import { messages } from '@ipam/core/messages';
import { isApiTokenText } from '@ipam/core/schemas/token-schemas';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { findTokenByHash, touchToken, type TokenRecord } from './token-repository.js';
import { hashTokenSecret } from './token-secrets.js';

/** A use is written at most this often per token, so reads stay reads. */
const LAST_USE_RESOLUTION_MS = 60_000;

/**
 * Account routes a token never reaches: managing tokens, invites and members (a token cannot mint
 * tokens or change the team), billing, and the browser's event stream (bound to a session).
 */
const closedToTokens = [
  'tokens',
  'invites',
  'users',
  'checkout-sessions',
  'billing-portal-sessions',
  'events',
  // An import makes the server fetch a URL the caller names: a session's owner only.
  'imports',
  // A webhook makes the server send the account's changes to a URL the caller names, with a secret
  // answered once: a session's owner only (issue 32).
  'webhooks',
  // Single sign-on decides who enters the account and holds a client secret: owners in a session only.
  'sso',
];

/** Account routes a token may read but not write: a scanner key must come from a person (issue 36). */
const readOnlyForTokens = ['scanners'];

/** The API token of the request's `Authorization: Bearer` header, or null when it carries none. */
export function apiTokenTextOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined || !header.startsWith('Bearer ')) return null;
  const text = header.slice('Bearer '.length).trim();
  return isApiTokenText(text) ? text : null;
}

/** Whether a route (as registered, `/api/accounts/:accountId/...`) is closed to API tokens. */
export function isClosedToTokens(routeUrl: string): boolean {
  const first = routeUrl.split('/')[4];
  return first !== undefined && closedToTokens.includes(first);
}

/**
 * The live token of a secret, or 401: unknown, expired and revoked tokens are refused alike. Its use
 * is recorded when the last recorded one is over a minute old.
 */
export async function resolveApiToken(db: Db, secret: string): Promise<TokenRecord> {
  const token = await findTokenByHash(db, hashTokenSecret(secret));
  const now = Date.now();
  const isLive =
    token !== undefined &&
    token.revokedAt === null &&
    (token.expiresAt === null || Date.parse(token.expiresAt) > now);
  if (!isLive) throw new DomainError('token_invalid', messages.tokenInvalid);
  if (token.lastUsedAt === null || Date.parse(token.lastUsedAt) <= now - LAST_USE_RESOLUTION_MS) {
    await touchToken(
      db,
      token.id,
      new Date(now).toISOString(),
      new Date(now - LAST_USE_RESOLUTION_MS).toISOString(),
    );
  }
  return token;
}

/**
 * Checks what a live token may do on an account route: its own account only (another is a 404, as
 * for a session), never a closed route (403), and a read token only GET (403).
 */
export function checkTokenAccess(token: TokenRecord, request: FastifyRequest, accountId: string): void {
  if (token.accountId !== accountId) throw new DomainError('not_found', messages.notFound);
  if (isClosedToTokens(request.routeOptions.url ?? '')) {
    throw new DomainError('token_not_allowed', messages.tokenNotAllowed);
  }
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  const first = (request.routeOptions.url ?? '').split('/')[4];
  if (!isRead && first !== undefined && readOnlyForTokens.includes(first)) {
    throw new DomainError('token_not_allowed', messages.tokenNotAllowed);
  }
  if (token.scope === 'read' && !isRead) throw new DomainError('token_read_only', messages.tokenReadOnly);
}
