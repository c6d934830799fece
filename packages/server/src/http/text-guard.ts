import type { FastifyInstance } from 'fastify';
import { messages } from '@ipam/core/messages';
import { DomainError } from '../errors/domain-error.js';

/**
 * Where parsed JSON holds a string (or key) with U+0000: its dotted path ('' for the whole body), or
 * null. Walks with its own stack: a body nested a hundred thousand levels deep must not overflow ours.
 */
export function nulPath(body: unknown): string | null {
  const pending: { value: unknown; path: string }[] = [{ value: body, path: '' }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) {
      // Pushed last to first, so the first offending field in the document is the one reported.
      for (const [key, item] of Object.entries(value).reverse()) {
        const at = path === '' ? key : `${path}.${key}`;
        if (key.includes('\u0000')) return at;
        pending.push({ value: item, path: at });
      }
    }
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
    const found = nulPath(request.body);
    if (found !== null) {
      // A path through a deeply nested body is cut short; the start says where it is.
      const path = found.length > 100 ? `${found.slice(0, 100)}…` : found;
      throw new DomainError(
        'validation_failed',
        messages.textHasNul,
        path ? { [path]: messages.textHasNul } : undefined,
      );
    }
  });
}
