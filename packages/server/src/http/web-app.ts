import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '@ipam/core/messages';
import { decodedPath, isApiPath } from './api-route.js';

/** The built web app (packages/web/dist), from src/http or dist/http alike. */
export const defaultWebDistDir = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/**
 * Serves the built web app with an SPA fallback: a GET outside /api that is not a file answers
 * index.html (the client router takes over); anything under /api that no route matched is a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasWebApp = existsSync(join(webDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // Vite fingerprints files under assets/, so they can be cached for good; index.html never.
      setHeaders(reply, path) {
        const isAsset = path.includes(`${join(webDistDir, 'assets')}`);
        reply.header('cache-control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = isApiPath(decodedPath(request));
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !isPageRequest || !hasWebApp) {
      return reply.status(404).send({ error: messages.notFound, code: 'not_found' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
