import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { directoryLoginRoutes } from '@ipam/core/api/routes/directory-login';
import { messages } from '@ipam/core/messages';
import type { AppDeps } from '../app-deps.js';
import { completeLogIn } from '../auth/log-in.js';
import { openSession } from '../auth/open-session.js';
import { DomainError } from '../errors/domain-error.js';
import { registerRoute } from '../http/register-route.js';
import { secondFactorChallenge } from '../two-factor/pending-logins.js';
import { signInWithDirectory } from './directory-sign-in.js';

/**
 * The rate-limit key of a directory user name: its own space beside e-mail addresses, so failures
 * for "alice" in the directory and for a local "alice@…" are counted apart but by the same rules.
 */
const limitKeyOf = (username: string) => `ldap:${username.trim().toLowerCase()}`;

/** `POST /api/auth/login/ldap`: sign-in with a directory user name and password (docs/ldap.md). */
export function registerDirectoryLoginRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config, limiter, events } = deps;

  registerRoute(app, directoryLoginRoutes.login, async (request, reply) => {
    const ldap = config.ldap;
    if (!ldap) throw new DomainError('not_found', messages.directoryLoginOff);
    // The same gate, counters and delays as password sign-in (per client, per client and name).
    const key = limitKeyOf(request.body.username);
    const gate = await limiter.beforeLogin(request.ip, key);
    if (!gate.allowed) {
      reply.header('retry-after', Math.ceil(gate.retryAfterMs / 1000));
      throw new DomainError('rate_limited', messages.tooManyAttempts);
    }
    if (gate.delayMs > 0) await sleep(gate.delayMs);
    const context = { db, events, ipAddress: request.ip, log: request.log };
    const signedIn = await signInWithDirectory(context, ldap, request.body).catch(async (error: unknown) => {
      if (error instanceof DomainError && error.code === 'login_failed') {
        await limiter.loginFailed(request.ip, key);
      }
      throw error;
    });
    await limiter.loginSucceeded(request.ip, key);
    const user = { id: signedIn.userId, email: signedIn.email };
    // The directory password is the first factor: a user with a code of their own is asked for it.
    const challenge = await secondFactorChallenge(db, user, {
      ipAddress: request.ip,
      nowMs: deps.now(),
      method: 'ldap',
    });
    if (challenge) return challenge;
    const completed = await completeLogIn(db, user, request.body.inviteToken);
    // The directory's account opens unless an invite link chose another.
    const openedAccountId = completed.openedAccountId ?? signedIn.accountId;
    return openSession(deps, request, reply, { ...completed, openedAccountId });
  });
}
