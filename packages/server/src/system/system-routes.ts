import type { FastifyInstance } from 'fastify';
import { systemRoutes } from '@ipam/core/api/routes/system';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';

/** Health, public configuration for the web app, and the OpenAPI document. */
export function registerSystemRoutes(app: FastifyInstance, { config }: AppDeps): void {
  registerRoute(app, systemRoutes.health, async () => ({ status: 'ok' as const }));

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
