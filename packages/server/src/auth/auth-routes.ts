import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { authRoutes } from '@ipam/core/api/routes/auth';
import { messages } from '@ipam/core/messages';
import { findAccountOfMember } from '../accounts/account-repository.js';
import { DomainError } from '../errors/domain-error.js';
import { setCurrentAccountId } from '../users/user-repository.js';
import { publishAcceptedInvites } from '../invites/accept-invites.js';
import type { AppDeps } from '../app-deps.js';
import { accountCookie, clearAuthCookies, setAccountCookie, setSessionCookie } from './session-cookies.js';
import { registerRoute } from '../http/register-route.js';
import { clientOf, requireAuth } from './request-context.js';
import { checkPassword, completeLogIn, recordPasswordSignIn } from './log-in.js';
import { openSession } from './open-session.js';
import { secondFactorChallenge } from '../two-factor/pending-logins.js';
import { loadMe, type Me } from './me.js';
import { endSession, startSession } from './sessions.js';
import { signUp } from './sign-up.js';
import { refusePasswordWhereOff } from '../sso/password-sign-in.js';

/** Sign-up, login, logout, the current user and the current-account choice. */
export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config, limiter, events } = deps;

  const refuse = (reply: FastifyReply, retryAfterMs: number): never => {
    reply.header('retry-after', Math.ceil(retryAfterMs / 1000));
    throw new DomainError('rate_limited', messages.tooManyAttempts);
  };
  const meOrUnauthorised = async (userId: string, cookieAccountId: string | undefined): Promise<Me> => {
    const me = await loadMe(db, userId, cookieAccountId);
    if (!me) throw new DomainError('not_signed_in', messages.notAuthenticated);
    return me;
  };

  registerRoute(app, authRoutes.signup, async (request, reply) => {
    const wait = await limiter.beforeSignUp(request.ip);
    if (wait !== null) refuse(reply, wait);
    const { userId, accepted } = await signUp(db, request.body, config.newAccount, config.signUp);
    publishAcceptedInvites(events, userId, accepted);
    setSessionCookie(reply, await startSession(db, userId, clientOf(request)), config.publicUrl);
    const me = await meOrUnauthorised(userId, undefined);
    // The current account (an inviting one, else their own) is this browser's, whatever it held before.
    if (me.currentAccountId) setAccountCookie(reply, me.currentAccountId, config.publicUrl);
    return reply.status(201).send(me);
  });

  registerRoute(app, authRoutes.login, async (request, reply) => {
    const { email } = request.body;
    const gate = await limiter.beforeLogin(request.ip, email);
    if (!gate.allowed) return refuse(reply, gate.retryAfterMs);
    if (gate.delayMs > 0) await sleep(gate.delayMs);
    const user = await checkPassword(db, request.body, request.ip).catch(async (error: unknown) => {
      if (error instanceof DomainError && error.code === 'login_failed') {
        await limiter.loginFailed(request.ip, email);
      }
      throw error;
    });
    await limiter.loginSucceeded(request.ip, email);
    // An account whose members sign in through its provider refuses their password (owners keep theirs).
    await refusePasswordWhereOff(db, config.sso, user, request.ip);
    // With a second factor, no session yet: the code prompt finishes it (POST /api/auth/login/second-factor).
    const challenge = await secondFactorChallenge(db, user, { ipAddress: request.ip, nowMs: deps.now() });
    if (challenge) return challenge;
    const completed = await completeLogIn(db, user, request.body.inviteToken);
    // Recorded after the invites are accepted, so an account joined by this sign-in has it too.
    await recordPasswordSignIn(db, user, request.ip);
    return openSession(deps, request, reply, completed);
  });

  registerRoute(app, authRoutes.logout, async (request, reply) => {
    if (request.auth) await endSession(db, request.auth.token);
    clearAuthCookies(reply, config.publicUrl);
    return reply.status(204).send();
  });

  registerRoute(app, authRoutes.me, async (request) =>
    meOrUnauthorised(requireAuth(request).userId, request.cookies[accountCookie]),
  );

  registerRoute(app, authRoutes.setCurrentAccount, async (request, reply) => {
    const { userId } = requireAuth(request);
    const account = await findAccountOfMember(db, request.body.accountId, userId);
    if (!account) throw new DomainError('not_found', messages.notFound);
    await setCurrentAccountId(db, userId, account.id);
    setAccountCookie(reply, account.id, config.publicUrl);
    return meOrUnauthorised(userId, account.id);
  });
}
