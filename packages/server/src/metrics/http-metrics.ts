import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

/** The methods Fastify routes; any other is counted as `other` (a label never takes outside text). */
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The route a request matched, as registered (`/api/accounts/:accountId/subnets`): never the URL, whose
 * ids and query would make one series per account and leak them. `unmatched` for a 404 of the router.
 */
export function routeLabelOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/** `2xx`, `4xx`, …: a status's class. */
export function statusClassOf(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}

/**
 * Counts every answered request and observes its time, by method, route pattern and status class. The
 * time is Fastify's, from the request's arrival to the end of the answer: for an event stream it is
 * the stream's whole life (its route's own series).
 */
export function observeHttpRequests(app: FastifyInstance, registry: Registry): void {
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'ipam_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'ipam_http_request_duration_seconds',
    help: 'Time from a request to the end of its answer, by method, route pattern and status class',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: knownMethods.has(request.method) ? request.method : 'other',
      route: routeLabelOf(request),
      status_class: statusClassOf(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
}
