import type { FastifyInstance } from 'fastify';
import { eventRoutes } from '@ipam/core/api/routes/events';
import { messages } from '@ipam/core/messages';
import { sessionIdOf } from '../auth/sessions.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { requireAccount, requireAuth } from '../auth/request-context.js';
import type { EventBus } from './event-hub.js';
import { EventStream } from './event-stream.js';
import { allowedStreamSessions } from './stream-access-repository.js';
import { streamHolderOf } from './stream-holder.js';
import { StreamRegistry } from './stream-registry.js';

/** Comment lines keep idle connections open through proxies that drop silent ones (~30–60 s). */
export const keepAliveMs = 25_000;

/**
 * GET /api/accounts/:accountId/events: the live event stream (the scope hook checked membership).
 * Returns the registry of this process's open streams (the metrics count them).
 */
export function registerEventRoutes(
  app: FastifyInstance,
  { db, config }: AppDeps,
  bus: EventBus,
): StreamRegistry {
  const registry = new StreamRegistry(
    bus,
    (accountId, accesses) => allowedStreamSessions(db, accountId, accesses, nowIso()),
    (error) => app.log.warn({ err: error }, 'event stream access check failed'),
    keepAliveMs,
    { maxStreams: config.maxEventStreams, perHolder: config.eventStreamsPerAddress },
  );

  registerRoute(
    app,
    eventRoutes.stream,
    async (request, reply) => {
      const account = requireAccount(request);
      const auth = requireAuth(request);
      if (!request.headers.accept?.includes('text/event-stream')) {
        throw new DomainError('validation_failed', messages.invalidRequest, {
          accept: 'must include text/event-stream',
        });
      }
      const access = { sessionId: sessionIdOf(auth.token), userId: auth.userId };
      const stream = new EventStream({ keepAliveMs });
      try {
        registry.open(account.id, access, stream, streamHolderOf(request.ip));
      } catch (error) {
        stream.close();
        throw error;
      }
      // The 200 body is a stream, which the response serialiser never sees.
      return reply
        .header('content-type', 'text/event-stream')
        .header('cache-control', 'no-cache')
        .header('x-accel-buffering', 'no')
        .send(stream.body);
    },
    // A HEAD would open a stream whose body is never read; there is nothing useful to HEAD.
    { exposeHeadRoute: false },
  );

  // Events may have been missed (the PostgreSQL listener was down): end the streams; clients
  // reconnect and refetch.
  bus.onReset?.(() => registry.closeAll());

  // Open streams would keep the server from closing; end them first.
  app.addHook('preClose', async () => {
    registry.stop();
    registry.closeAll();
  });
  return registry;
}
