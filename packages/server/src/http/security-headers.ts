import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { decodedPath, isApiPath, isApiRoute } from './api-route.js';

/** Origins of the external support and feedback forms the app embeds in frames. */
function formOrigins(urls: readonly (string | null)[]): string[] {
  return urls.filter((u): u is string => u !== null).map((u) => new URL(u).origin);
}

/**
 * Security headers with a CSP for the web app: scripts and connections from our origin only; inline
 * styles allowed because Mantine injects them; frames only for the configured external forms.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: { publicUrl: string | null; supportFormUrl: string | null; feedbackFormUrl: string | null },
): Promise<void> {
  const isHttps = config.publicUrl?.startsWith('https:') ?? false;
  const frames = formOrigins([config.supportFormUrl, config.feedbackFormUrl]);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: frames.length > 0 ? frames : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: isHttps,
  });
  // API answers hold account data: no browser or proxy cache keeps them (a download sets its own).
  app.addHook('onRequest', async (request, reply) => {
    // API routes answer at once; anything else (the static files' wildcard included) by its decoded path.
    if (isApiRoute(request) || isApiPath(decodedPath(request))) {
      void reply.header('cache-control', 'no-store');
    }
  });
}
