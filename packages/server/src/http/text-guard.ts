import type { FastifyInstance } from 'fastify';
import { messages } from '@ipam/core/messages';
import { DomainError } from '../errors/domain-error.js';
import { isApiRoute } from './api-route.js';

const loneSurrogate = /\p{Cs}/u;

/** What is wrong with a piece of text that no engine may store, or null when it is fine. */
function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return messages.textHasNul;
  // A lone UTF-16 surrogate (a pair reads as one code point in a `u` pattern, so only lone ones match):
  // SQLite and PostgreSQL would store different things for it.
  if (loneSurrogate.test(text)) return messages.textNotWellFormed;
  return null;
}

/** The first string (or key) of parsed JSON that cannot be stored as text: its dotted path and why. */
export function badTextPath(body: unknown): { path: string; problem: string } | null {
  const pending: { value: unknown; path: string }[] = [{ value: body, path: '' }];
  // Walks with its own stack: a body nested a hundred thousand levels deep must not overflow ours.
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem !== null) return { path, problem };
    } else if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) {
      // Pushed last to first, so the first offending field in the document is the one reported.
      for (const [key, item] of Object.entries(value).reverse()) {
        const at = path === '' ? key : `${path}.${key}`;
        const problem = textProblem(key);
        if (problem !== null) return { path: at, problem };
        pending.push({ value: item, path: at });
      }
    }
  }
  return null;
}

/**
 * Refuses text no engine may store with a 400: U+0000 anywhere in a request (path, query or JSON body),
 * which PostgreSQL cannot keep and SQLite would; and lone UTF-16 surrogates in parsed JSON and query
 * values, which the two engines would store differently. The same rule on both, before any hook or
 * handler reaches the database. The decision is by the matched route, never the raw URL's spelling.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.url.includes('%00')) throw new DomainError('validation_failed', messages.textHasNul);
  });
  app.addHook('preValidation', async (request) => {
    if (!isApiRoute(request)) return;
    const body = request.routeOptions.config.isFileUpload ? undefined : request.body;
    const found = badTextPath(body) ?? badTextPath(request.query);
    if (found !== null) {
      // A path through a deeply nested body is cut short; the start says where it is.
      const path = found.path.length > 100 ? `${found.path.slice(0, 100)}…` : found.path;
      throw new DomainError('validation_failed', found.problem, path ? { [path]: found.problem } : undefined);
    }
  });
}
