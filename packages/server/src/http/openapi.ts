import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the route schemas (GET /api/openapi.json) and a reference at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'IPAM API',
        description:
          'IP address management. Errors are `{error, code, fields?}`. A request with a body sends ' +
          'JSON (`Content-Type: application/json`, else 415); a request without one (DELETE, and ' +
          'actions such as logout, scan, confirm and ignore) needs no Content-Type. Writes from ' +
          'another site are refused (403): the Origin header, when sent, must be this server, and ' +
          '`Sec-Fetch-Site`, when sent, must not be cross-site or same-site.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'ipam_session' },
          scannerKey: { type: 'http', scheme: 'bearer', description: "a scanner's 32-character key" },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'an API token (`ipam_…`) made in Settings ▸ API Tokens: one account, read (GET only) or write; ' +
              'never the auth, session, token, invite or member routes',
          },
        },
      },
      security: [{ session: [] }, { apiToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
