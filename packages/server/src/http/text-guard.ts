import type { FastifyInstance } from 'fastify';
import { messages } from '@ipam/core/messages';
import { DomainError } from '../errors/domain-error.js';

/** Where a JSON value holds a string (or key) with U+0000: its dotted path, '' at the top; else null. */
export function nulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path === '' ? key : `${path}.${key}`;
    if (key.includes('\u0000')) return at;
    const found = nulPath(item, at);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Refuses U+0000 anywhere in an API request (path, query or JSON body) with a 400. PostgreSQL cannot
 * store it in text and would fail the request with a 500, where SQLite would keep it: the same rule
 * on both engines, and before any hook or handler reaches the database.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/') && request.url.includes('%00')) {
      throw new DomainError('validation_failed', messages.textHasNul);
    }
  });
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const path = nulPath(request.body);
    if (path !== null) {
      throw new DomainError(
        'validation_failed',
        messages.textHasNul,
        path ? { [path]: messages.textHasNul } : undefined,
      );
    }
  });
}
