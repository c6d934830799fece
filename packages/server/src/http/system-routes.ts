import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from './app-deps.js';

/** Health, public configuration for the web app, and the OpenAPI document. */
export function registerSystemRoutes(root: FastifyInstance, { config }: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/health',
    { schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Public settings the web app needs',
        response: {
          200: z.object({
            supportFormUrl: z.string().nullable(),
            feedbackFormUrl: z.string().nullable(),
            contactEmail: z.string(),
          }),
        },
      },
    },
    async () => ({
      supportFormUrl: config.supportFormUrl,
      feedbackFormUrl: config.feedbackFormUrl,
      contactEmail: config.contactEmail,
    }),
  );
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => root.swagger());
}
