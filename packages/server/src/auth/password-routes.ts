import type { FastifyInstance } from 'fastify';
import { authRoutes } from '@ipam/core/api/routes/auth';
import { messages } from '@ipam/core/messages';
import { DomainError } from '../errors/domain-error.js';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { requireAuth } from './request-context.js';
import { linkBase } from '../invites/invite-mailer.js';
import { addCount } from '../limits/rate-counter-repository.js';
import { changePassword } from './change-password.js';
import { confirmPasswordReset, mailResetLink } from './password-reset.js';
import { sessionIdOf } from './sessions.js';

/** Reset requests one client may make in an hour (429 past it). */
export const RESET_REQUESTS_PER_CLIENT = 10;
/** Reset e-mails one address may receive in an hour (past it the answer is the same, nothing is sent). */
export const RESET_MAILS_PER_EMAIL = 3;
const HOUR_MS = 60 * 60 * 1000;

/** Changing the password, and resetting a forgotten one through a mailed link. */
export function registerPasswordRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config, limiter, mailer } = deps;

  registerRoute(app, authRoutes.changePassword, async (request, reply) => {
    const auth = requireAuth(request);
    // A stolen session guessing the current password is limited like a login for this user.
    const key = `user:${auth.userId}`;
    const gate = await limiter.beforeLogin(request.ip, key);
    if (!gate.allowed) {
      reply.header('retry-after', Math.ceil(gate.retryAfterMs / 1000));
      throw new DomainError('rate_limited', messages.tooManyAttempts);
    }
    await changePassword(db, { userId: auth.userId, sessionId: sessionIdOf(auth.token) }, request.body).catch(
      async (error: unknown) => {
        if (error instanceof DomainError && error.code === 'wrong_password') {
          await limiter.loginFailed(request.ip, key);
        }
        throw error;
      },
    );
    return reply.status(204).send();
  });

  registerRoute(app, authRoutes.requestPasswordReset, async (request, reply) => {
    const now = Date.now();
    const client = await addCount(db, `reset-client:${request.ip}`, now, HOUR_MS);
    if (client.count > RESET_REQUESTS_PER_CLIENT) {
      reply.header('retry-after', Math.ceil(Math.max(1000, client.windowEndsAt - now) / 1000));
      throw new DomainError('rate_limited', messages.tooManyAttempts);
    }
    if (!mailer) return reply.status(202).send({ message: messages.resetRequestedNoMail });
    const { email } = request.body;
    const byEmail = await addCount(db, `reset-email:${email}`, now, HOUR_MS);
    if (byEmail.count <= RESET_MAILS_PER_EMAIL) {
      // Looked up and mailed after the answer, so its timing does not tell whether the address is known.
      const send = (to: string, url: string) => mailer.sendPasswordReset({ to, url });
      void mailResetLink(db, email, linkBase(config), send).catch((error: unknown) =>
        request.log.warn({ err: error }, 'password-reset e-mail not sent'),
      );
    }
    return reply.status(202).send({ message: messages.resetRequestedMailed });
  });

  registerRoute(app, authRoutes.confirmPasswordReset, async (request, reply) => {
    await confirmPasswordReset(db, request.body);
    return reply.status(204).send();
  });
}
