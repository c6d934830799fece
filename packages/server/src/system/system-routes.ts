import type { FastifyInstance } from 'fastify';
import { systemRoutes } from '@ipam/core/api/routes/system';
import { messages } from '@ipam/core/messages';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { checkDatabase } from './database-health.js';

/** Health, public configuration for the web app, and the OpenAPI document. */
export function registerSystemRoutes(app: FastifyInstance, { config, db }: AppDeps): void {
  // Ready only when the database answers: a process that cannot reach it is taken out of rotation.
  registerRoute(app, systemRoutes.health, async (request, reply) => {
    const health = await checkDatabase(db);
    if (health.isAnswering) return { status: 'ok' as const };
    request.log.warn({ reason: health.reason }, 'health: the database does not answer');
    return reply.status(503).send({ status: 'unavailable', error: messages.databaseUnavailable });
  });

  registerRoute(app, systemRoutes.config, async () => ({
    supportFormUrl: config.supportFormUrl,
    feedbackFormUrl: config.feedbackFormUrl,
    contactEmail: config.contactEmail,
    signUp: config.signUp,
    // Without SMTP or an inbox a message is only stored (ipam admin messages): no answer is promised.
    supportByEmail: config.smtpUrl !== null && config.supportInbox !== null,
    billing: !config.billing.enabled
      ? ('off' as const)
      : config.billing.stripe
        ? ('stripe' as const)
        : ('test' as const),
    directoryLogin: config.ldap ? { label: config.ldap.label } : null,
  }));

  registerRoute(app, systemRoutes.openApi, async () => app.swagger());
}
