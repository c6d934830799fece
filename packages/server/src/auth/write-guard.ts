import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@ipam/core/messages';
import { DomainError } from '../errors/domain-error.js';
import { apiTokenTextOf } from '../tokens/token-auth.js';
import { isApiRoute } from '../http/api-route.js';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether the request's Origin header is absent or this server's own origin (or PUBLIC_URL). */
export function isSameOriginOrAbsent(request: FastifyRequest, publicUrl: string | null): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  let parsed: string;
  try {
    parsed = new URL(origin).origin;
  } catch {
    return false; // includes the opaque "null" origin
  }
  if (publicUrl !== null && parsed === publicUrl) return true;
  return parsed === `${request.protocol}://${request.host}`;
}

/** Whether the browser says the request comes from another site (`Sec-Fetch-Site`; absent outside browsers). */
function isCrossSiteFetch(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/** Whether the request carries a body: a non-zero Content-Length or a chunked transfer. */
export function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return length.trim() !== '0';
  return request.headers['transfer-encoding'] !== undefined;
}

/**
 * Cross-site write protection for the API: unsafe methods need a same-origin (or absent) Origin, and a
 * request that carries a body must carry JSON. A browser cannot send JSON cross-site without a CORS
 * preflight, which we never allow; a bodyless request (DELETE, logout, scan, confirm…) needs no
 * Content-Type, so plain HTTP clients can call it, and the Origin and Sec-Fetch-Site checks refuse it
 * from another site.
 */
export function registerWriteGuard(app: FastifyInstance, publicUrl: string | null): void {
  app.addHook('onRequest', async (request) => {
    if (!unsafeMethods.has(request.method) || !isApiRoute(request)) return;
    if (request.routeOptions.config.isExemptFromWriteGuard) return;
    // A token is sent by a script, never attached by a browser on its own: no cross-site forgery to stop.
    const hasApiToken = apiTokenTextOf(request) !== null;
    if (!hasApiToken && (!isSameOriginOrAbsent(request, publicUrl) || isCrossSiteFetch(request))) {
      throw new DomainError('foreign_origin', messages.foreignOrigin);
    }
    if (!hasBody(request) || request.routeOptions.config.isFileUpload) return;
    const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') throw new DomainError('json_required', messages.jsonRequired);
  });
}
