import type { ApiRoute } from '@ipam/core/api/route-table';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './api-route.js';

/** Under /api but not the API: the OpenAPI reference's pages, served by @fastify/swagger-ui. */
const referencePages = '/api/docs';

/** What the guard checks once the app's own routes are in. */
export interface RouteTableGuard {
  /** Throws unless every route of the table was registered; routes registered later are not checked. */
  seal(): void;
}

/**
 * Keeps the API and core's route table one and the same: from here on an /api route is refused
 * (startup fails) unless registerRoute registered it from its table entry, and `seal()` fails when a
 * table route was never registered. The web app calls the table's routes by name, so neither side can
 * drift from the other.
 */
export function guardRouteTable(app: FastifyInstance, table: readonly ApiRoute[]): RouteTableGuard {
  const byKey = new Map(table.map((route) => [`${route.method} ${route.path}`, route]));
  const registered = new Set<string>();
  let isSealed = false;
  app.addHook('onRoute', (route) => {
    const isReferencePage = route.url === referencePages || route.url.startsWith(`${referencePages}/`);
    if (isSealed || !isApiPath(route.url) || isReferencePage) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const key = `${method} ${route.url}`;
      const entry = byKey.get(key);
      if (!entry || route.config?.apiRoute !== entry) {
        throw new Error(`${key} is not in core's route table, or was not registered from it (registerRoute)`);
      }
      registered.add(key);
    }
  });
  return {
    seal() {
      isSealed = true;
      const missing = [...byKey.keys()].filter((key) => !registered.has(key));
      if (missing.length > 0)
        throw new Error(`routes of core's table never registered: ${missing.join(', ')}`);
    },
  };
}
