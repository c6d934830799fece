import type { FastifyInstance } from 'fastify';
import { authRoutes } from '@ipam/core/api/routes/auth';
import { deviceName } from '@ipam/core/device-name';
import { messages } from '@ipam/core/messages';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import type { AppDeps } from '../app-deps.js';
import { accountCookie } from './session-cookies.js';
import { registerRoute } from '../http/register-route.js';
import { requireAuth } from './request-context.js';
import { setDisplayName } from '../users/user-repository.js';
import { loadMe } from './me.js';
import { deleteSessionOfUser, deleteSessionsOfUser, listLiveSessions } from './session-repository.js';
import { sessionIdOf } from './sessions.js';

/** The signed-in user's profile and sessions: list them, end one, end all others. */
export function registerSessionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  registerRoute(app, authRoutes.sessions, async (request) => {
    const auth = requireAuth(request);
    const current = sessionIdOf(auth.token);
    const sessions = await listLiveSessions(db, auth.userId, nowIso());
    return {
      items: sessions.map((s) => ({ ...s, device: deviceName(s.userAgent), isCurrent: s.id === current })),
    };
  });

  registerRoute(app, authRoutes.endOtherSessions, async (request) => {
    const auth = requireAuth(request);
    return { ended: await deleteSessionsOfUser(db, auth.userId, sessionIdOf(auth.token)) };
  });

  registerRoute(app, authRoutes.endSession, async (request, reply) => {
    const { userId } = requireAuth(request);
    if (!(await deleteSessionOfUser(db, userId, request.params.sessionId))) {
      throw new DomainError('not_found', messages.notFound);
    }
    return reply.status(204).send();
  });

  registerRoute(app, authRoutes.updateProfile, async (request) => {
    const { userId } = requireAuth(request);
    await setDisplayName(db, userId, request.body.displayName || null);
    const me = await loadMe(db, userId, request.cookies[accountCookie]);
    if (!me) throw new DomainError('not_signed_in', messages.notAuthenticated);
    return me;
  });
}
