import type { FastifyInstance, FastifyRequest } from 'fastify';
import { passkeyRoutes } from '@ipam/core/api/routes/passkeys';
import type { AppDeps } from '../app-deps.js';
import { completeLogIn } from '../auth/log-in.js';
import { openSession } from '../auth/open-session.js';
import { requireAuth } from '../auth/request-context.js';
import { sessionIdOf } from '../auth/sessions.js';
import { registerRoute } from '../http/register-route.js';
import { withCodeLimits } from './factor-attempts.js';
import { passkeyLoginOptions, passkeyLoginUserId, signInWithPasskey } from './passkey-login.js';
import { listPasskeys } from './passkey-repository.js';
import { addPasskey, passkeyRegistrationOptions, removePasskey, renamePasskey } from './passkey-settings.js';
import { relyingPartyOf } from './relying-party.js';

/** Passkeys (WebAuthn): the user's list, adding, renaming, removing; signing in after the password or alone. */
export function registerPasskeyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, limiter, secrets, config } = deps;
  const rpOf = (request: FastifyRequest) => relyingPartyOf(config.publicUrl, request);
  const callerOf = (request: FastifyRequest) => {
    const auth = requireAuth(request);
    return { userId: auth.userId, sessionId: sessionIdOf(auth.token) };
  };

  registerRoute(app, passkeyRoutes.list, async (request) => ({
    items: await listPasskeys(db, requireAuth(request).userId),
  }));

  registerRoute(app, passkeyRoutes.registrationOptions, async (request) =>
    passkeyRegistrationOptions(db, rpOf(request), requireAuth(request).userId, deps.now()),
  );

  registerRoute(app, passkeyRoutes.add, async (request, reply) => {
    const passkey = await addPasskey(db, rpOf(request), callerOf(request), request.body, deps.now());
    return reply.status(201).send(passkey);
  });

  registerRoute(app, passkeyRoutes.rename, async (request) =>
    renamePasskey(db, requireAuth(request).userId, request.params.passkeyId, request.body.name),
  );

  registerRoute(app, passkeyRoutes.remove, async (request, reply) => {
    const caller = callerOf(request);
    await withCodeLimits(limiter, request, reply, caller.userId, () =>
      removePasskey(db, secrets, caller, request.params.passkeyId, request.body, deps.now()),
    );
    return reply.status(204).send();
  });

  registerRoute(app, passkeyRoutes.loginOptions, async (request) =>
    passkeyLoginOptions(db, rpOf(request), request.body, deps.now()),
  );

  registerRoute(app, passkeyRoutes.login, async (request, reply) => {
    const rp = rpOf(request);
    const userId = await passkeyLoginUserId(db, request.body, deps.now());
    const user = await withCodeLimits(limiter, request, reply, userId, () =>
      signInWithPasskey(db, rp, request.body, { ipAddress: request.ip, nowMs: deps.now() }),
    );
    return openSession(deps, request, reply, await completeLogIn(db, user, request.body.inviteToken));
  });
}
