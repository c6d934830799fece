import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@ipam/core/messages';
import { profileSchema } from '@ipam/core/schemas/password-schemas';
import { endedSessionsResponse, meResponse, sessionResponse } from '@ipam/core/api/account';
import { errorResponse, listOf, noBody } from '@ipam/core/api/common';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import type { AppDeps } from '../http/app-deps.js';
import { accountCookie } from '../http/cookies.js';
import { requireAuth } from '../http/request-context.js';
import { setDisplayName } from '../users/user-repository.js';
import { loadMe } from './me.js';
import { deleteSessionOfUser, deleteSessionsOfUser, listLiveSessions } from './session-repository.js';
import { sessionIdOf } from './sessions.js';

/** The signed-in user's profile and sessions: list them, end one, end all others. */
export function registerSessionRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['auth'];

  app.get(
    '/api/auth/sessions',
    {
      schema: {
        tags,
        summary: "The user's live sessions",
        response: { 200: listOf(sessionResponse), 401: errorResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const current = sessionIdOf(auth.token);
      const sessions = await listLiveSessions(db, auth.userId, nowIso());
      return { items: sessions.map((s) => ({ ...s, isCurrent: s.id === current })) };
    },
  );

  app.delete(
    '/api/auth/sessions/others',
    {
      schema: {
        tags,
        summary: "End the user's other sessions",
        body: noBody,
        response: { 200: endedSessionsResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return { ended: await deleteSessionsOfUser(db, auth.userId, sessionIdOf(auth.token)) };
    },
  );

  app.delete(
    '/api/auth/sessions/:sessionId',
    {
      schema: {
        tags,
        summary: 'End one of the user’s sessions (another user’s is a 404)',
        params: z.object({ sessionId: z.string().max(100) }),
        body: noBody,
        response: { 204: z.void(), 401: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      if (!(await deleteSessionOfUser(db, userId, request.params.sessionId))) {
        throw new DomainError('not_found', messages.notFound);
      }
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/auth/profile',
    {
      schema: {
        tags,
        summary: 'Set the display name (empty clears it)',
        body: profileSchema,
        response: { 200: meResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      await setDisplayName(db, userId, request.body.displayName || null);
      const me = await loadMe(db, userId, request.cookies[accountCookie]);
      if (!me) throw new DomainError('not_signed_in', messages.notAuthenticated);
      return me;
    },
  );
}
