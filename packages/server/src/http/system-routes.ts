import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appConfigResponse, healthResponse } from '@ipam/core/api/common';
import type { AppDeps } from './app-deps.js';

/** Health, public configuration for the web app, and the OpenAPI document. */
export function registerSystemRoutes(root: FastifyInstance, { config }: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get('/api/health', { schema: { tags: ['system'], response: { 200: healthResponse } } }, async () => ({
    status: 'ok' as const,
  }));
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Public settings the web app needs',
        response: {
          200: appConfigResponse,
        },
      },
    },
    async () => ({
      supportFormUrl: config.supportFormUrl,
      feedbackFormUrl: config.feedbackFormUrl,
      contactEmail: config.contactEmail,
      billing: !config.billing.enabled
        ? ('off' as const)
        : config.billing.stripe
          ? ('stripe' as const)
          : ('test' as const),
    }),
  );
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => root.swagger());
}
