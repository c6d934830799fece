import type { FastifyInstance } from 'fastify';
import { alertRoutes } from '@ipam/core/api/routes/alerts';
import type { AppDeps } from '../app-deps.js';
import { requireAccount, requireAuth } from '../auth/request-context.js';
import { registerRoute } from '../http/register-route.js';
import { digestSettings, setDigest } from './alert-digest.js';
import { alertPage } from './alert-page.js';

/** The account's alerts (any member), and the signed-in user's daily e-mail of them. */
export function registerAlertRoutes(app: FastifyInstance, deps: AppDeps): void {
  const canMail = deps.mailer !== null;

  registerRoute(app, alertRoutes.list, async (request) => {
    const { cursor, limit } = request.query;
    return alertPage(deps.db, requireAccount(request).id, { cursor: cursor || undefined, limit });
  });

  registerRoute(app, alertRoutes.digest, async (request) =>
    digestSettings(deps.db, requireAuth(request).userId, canMail),
  );

  registerRoute(app, alertRoutes.setDigest, async (request) =>
    setDigest(deps.db, requireAuth(request).userId, request.body.isOptedIn, canMail, new Date(deps.now())),
  );
}
