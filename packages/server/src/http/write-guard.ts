import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@ipam/core/messages';
import { DomainError } from '../errors/domain-error.js';

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

/**
 * Cross-site write protection for the API: unsafe methods need a same-origin (or absent) Origin and
 * a JSON body. A browser cannot send JSON cross-site without a CORS preflight, which we never allow.
 */
export function registerWriteGuard(app: FastifyInstance, publicUrl: string | null): void {
  app.addHook('onRequest', async (request) => {
    if (!unsafeMethods.has(request.method) || !request.url.startsWith('/api/')) return;
    if (!isSameOriginOrAbsent(request, publicUrl)) {
      throw new DomainError('foreign_origin', messages.foreignOrigin);
    }
    const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') throw new DomainError('json_required', messages.jsonRequired);
  });
}
