import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { twoFactorRoutes } from '@ipam/core/api/routes/two-factor';
import { messages } from '@ipam/core/messages';
import type { AppDeps } from '../app-deps.js';
import { toAccountView } from '../accounts/account-view.js';
import { completeLogIn } from '../auth/log-in.js';
import { openSession } from '../auth/open-session.js';
import { changeContextOf, requireAccount, requireAuth, requireRole } from '../auth/request-context.js';
import { sessionIdOf } from '../auth/sessions.js';
import { DomainError } from '../errors/domain-error.js';
import { registerRoute } from '../http/register-route.js';
import { findUserById } from '../users/user-repository.js';
import { setAccountSecurity } from './account-security.js';
import { answerPendingLogin, pendingLoginOf } from './pending-logins.js';
import { countRecoveryCodesLeft, hasConfirmedTotp } from './totp-repository.js';
import { confirmTotpSetup, startTotpSetup, turnOffTotp } from './totp-settings.js';
import { withCodeLimits } from './factor-attempts.js';

/** The user's TOTP factor (status, set-up, confirm, turn off), the login's code step, the owner's rule. */
export function registerTwoFactorRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, limiter, secrets } = deps;

  const limited = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    check: () => Promise<T>,
  ) => withCodeLimits(limiter, request, reply, userId, check);
  const callerOf = (request: FastifyRequest) => {
    const auth = requireAuth(request);
    return { userId: auth.userId, sessionId: sessionIdOf(auth.token) };
  };

  registerRoute(app, twoFactorRoutes.status, async (request) => {
    const { userId } = requireAuth(request);
    const isEnabled = await hasConfirmedTotp(db, userId);
    return { isEnabled, recoveryCodesLeft: isEnabled ? await countRecoveryCodesLeft(db, userId) : 0 };
  });

  registerRoute(app, twoFactorRoutes.setup, async (request) =>
    startTotpSetup(db, secrets, requireAuth(request).userId),
  );

  registerRoute(app, twoFactorRoutes.confirm, async (request, reply) => {
    const caller = callerOf(request);
    const recoveryCodes = await limited(request, reply, caller.userId, () =>
      confirmTotpSetup(db, secrets, caller, request.body.code, deps.now()),
    );
    return { recoveryCodes };
  });

  registerRoute(app, twoFactorRoutes.disable, async (request, reply) => {
    const caller = callerOf(request);
    await limited(request, reply, caller.userId, () =>
      turnOffTotp(db, secrets, caller, request.body, deps.now()),
    );
    return reply.status(204).send();
  });

  registerRoute(app, twoFactorRoutes.login, async (request, reply) => {
    const { pendingToken, code, inviteToken } = request.body;
    const pending = await pendingLoginOf(db, pendingToken, deps.now());
    const user = await findUserById(db, pending.userId);
    if (!user) throw new DomainError('login_expired', messages.loginExpired);
    await limited(request, reply, user.id, () =>
      answerPendingLogin(db, secrets, pendingToken, user, pending, code, {
        ipAddress: request.ip,
        nowMs: deps.now(),
      }),
    );
    return openSession(deps, request, reply, await completeLogIn(db, user, inviteToken));
  });

  registerRoute(app, twoFactorRoutes.accountSecurity, async (request) => {
    const ctx = changeContextOf(request, deps);
    await setAccountSecurity(ctx, request.body);
    const account = {
      ...requireAccount(request),
      requireSecondFactor: request.body.requireSecondFactor ? 1 : 0,
    };
    return toAccountView(account, { role: requireRole(request), groupIds: [] });
  });
}
