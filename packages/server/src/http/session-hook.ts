// Brings in @fastify/cookie's request/reply typings for this file.
import type {} from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { resolveSession } from '../auth/sessions.js';
import type { Db } from '../db/database.js';
import { sessionCookie } from './cookies.js';

/** Reads the session cookie of every /api request and puts the signed-in caller on the request. */
export function registerSessionHook(app: FastifyInstance, db: Db): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('account', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[sessionCookie];
    if (!token || token.length > 100) return;
    const session = await resolveSession(db, token);
    if (session) request.auth = { userId: session.userId, token };
  });
}
