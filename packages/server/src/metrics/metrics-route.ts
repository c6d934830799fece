import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { systemRoutes } from '@ipam/core/api/routes/system';
import { messages } from '@ipam/core/messages';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { AppDeps } from '../app-deps.js';
import type { Config } from '../config/env.js';
import { DomainError } from '../errors/domain-error.js';
import { registerRoute } from '../http/register-route.js';
import { observeHttpRequests } from './http-metrics.js';
import { registerStateGauges } from './state-metrics.js';

/**
 * This process's metrics when METRICS=on (null when off, and nothing is counted): Node's own (memory,
 * CPU, event loop delay, garbage collection) and the HTTP requests from here on. Call it before the
 * routes are registered, so the request hook sees every one.
 */
export function startMetrics(app: FastifyInstance, config: Config): Registry | null {
  if (!config.metrics.isEnabled) return null;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  observeHttpRequests(app, registry);
  return registry;
}

/** Whether the request's `Authorization: Bearer` header carries the token (compared in constant time). */
function carriesToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /api/metrics: Prometheus's text format, 404 when the operator has not turned metrics on (as for
 * any unknown path). No session is needed; with METRICS_TOKEN the scrape must send it as a bearer token.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  { config, db }: AppDeps,
  registry: Registry | null,
  openStreams: () => number,
): void {
  if (registry) registerStateGauges(registry, { db, openStreams, log: app.log });
  const token = config.metrics.token;
  registerRoute(app, systemRoutes.metrics, async (request, reply) => {
    if (!registry) throw new DomainError('not_found', messages.notFound);
    if (token !== null && !carriesToken(request, token)) {
      void reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new DomainError('token_invalid', messages.metricsTokenRequired);
    }
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}
