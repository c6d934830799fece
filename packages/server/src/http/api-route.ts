import type { ApiRoute } from '@ipam/core/api/route-table';
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set on a route whose requests prove themselves otherwise (the billing webhook's signature, BL-34):
     * the Origin and JSON checks of the write guard do not apply to it.
     */
    isExemptFromWriteGuard?: boolean;
    /**
     * Set on an import route, whose body is a file (CSV or XLSX) streamed to its handler: the write
     * guard checks the Origin but leaves the media type to the route's parsers, and the text guard
     * leaves the stream alone (the import checks every cell it reads).
     */
    isFileUpload?: boolean;
    /**
     * Set on a write that honours an Idempotency-Key (from core's route table, `isIdempotent`): the
     * idempotency hooks claim the key and replay its stored answer (docs/automation.md).
     */
    isIdempotent?: boolean;
    /** The entry of core's route table the route was registered from (set by registerRoute only). */
    apiRoute?: ApiRoute;
  }
}

/**
 * Whether the request matched an API route. Guards decide by the route the router matched, after it
 * decoded the path, never by the raw URL: `/%61pi/…` and an absolute-form `POST http://host/api/…`
 * reach the same handlers as `/api/…` and must meet the same checks.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') ?? false;
}

/** The request's path, percent-decoded where it decodes (absolute-form targets reduced to their path). */
export function decodedPath(request: FastifyRequest): string {
  let path: string;
  try {
    path = new URL(request.url, 'http://path.invalid').pathname;
  } catch {
    return request.url;
  }
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Whether a (decoded) path is under /api. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
