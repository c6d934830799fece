import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_STREAMS_PER_ACCOUNT, MAX_STREAMS_PER_USER } from '@ipam/core/limits';
import { messages } from '@ipam/core/messages';
import { sessionIdOf } from '../auth/sessions.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { errorResponse } from '@ipam/core/api/common';
import type { AppDeps } from '../http/app-deps.js';
import { requireAccount, requireAuth } from '../http/request-context.js';
import type { EventBus } from './event-hub.js';
import { EventStream } from './event-stream.js';
import { allowedStreamSessions } from './stream-access-repository.js';
import { StreamRegistry } from './stream-registry.js';

/** Comment lines keep idle connections open through proxies that drop silent ones (~30–60 s). */
export const keepAliveMs = 25_000;

const streamDescription =
  'Server-Sent Events (text/event-stream) for members of the account. Every change to its groups, ' +
  'subnets, addresses, approvals, users and invites sends one event with the default event name: ' +
  '`data: {"kind": "group", "id": "...", "subnetId"?: "..."}`. A `:` comment every ~25 s keeps the ' +
  'connection open. Access is checked again before every delivery and every ~25 s: a user removed ' +
  'from the account or logged out is disconnected, and reconnecting then answers 404 or 401. A user ' +
  `may hold ${MAX_STREAMS_PER_USER} streams and an account ${MAX_STREAMS_PER_ACCOUNT} (per server ` +
  'process); more answer 429. The request must send ' +
  '`Accept: text/event-stream` (EventSource does); any other Accept is a 400, so a plain HTTP client ' +
  'never hangs on a response that does not end.';

/** GET /api/accounts/:accountId/events: the live event stream (the scope hook checked membership). */
export function registerEventRoutes(app: FastifyInstance, { db }: AppDeps, bus: EventBus): void {
  const registry = new StreamRegistry(
    bus,
    (accountId, accesses) => allowedStreamSessions(db, accountId, accesses, nowIso()),
    (error) => app.log.warn({ err: error }, 'event stream access check failed'),
    keepAliveMs,
  );

  app.get(
    '/api/accounts/:accountId/events',
    {
      // A HEAD would open a stream whose body is never read; there is nothing useful to HEAD.
      exposeHeadRoute: false,
      schema: {
        tags: ['events'],
        summary: 'Live events of the account (Server-Sent Events)',
        description: streamDescription,
        params: z.object({ accountId: z.string() }),
        response: { 400: errorResponse, 401: errorResponse, 404: errorResponse, 429: errorResponse },
      },
    },
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
        registry.open(account.id, access, stream);
      } catch (error) {
        stream.close();
        throw error;
      }
      // Untyped app on purpose: the 200 body is a stream, not a schema-serialised object.
      return reply
        .header('content-type', 'text/event-stream')
        .header('cache-control', 'no-cache')
        .header('x-accel-buffering', 'no')
        .send(stream.body);
    },
  );

  // Events may have been missed (the PostgreSQL listener was down): end the streams; clients
  // reconnect and refetch.
  bus.onReset?.(() => registry.closeAll());

  // Open streams would keep the server from closing; end them first.
  app.addHook('preClose', async () => {
    registry.stop();
    registry.closeAll();
  });
}
