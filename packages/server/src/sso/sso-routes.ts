import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ssoRoutes } from '@ipam/core/api/routes/sso';
import { messages } from '@ipam/core/messages';
import type { AppDeps } from '../app-deps.js';
import { listAccountsOfUser } from '../accounts/account-repository.js';
import { openSession } from '../auth/open-session.js';
import { changeContextOf, requireAccount, requireAuth } from '../auth/request-context.js';
import { DomainError } from '../errors/domain-error.js';
import { listIdentitiesOfUser } from '../external-identity/external-identity-repository.js';
import {
  recordExternalSignInFailure,
  signInWithExternalIdentity,
} from '../external-identity/sign-in-external.js';
import { registerRoute } from '../http/register-route.js';
import { setCurrentAccountId } from '../users/user-repository.js';
import { finishOidcSignIn, OidcSignInError, startOidcSignIn } from './oidc-client.js';
import { accountProvider, findOidcProvider, operatorProvider, type OidcProvider } from './oidc-providers.js';
import { loginPathOf } from './password-sign-in.js';
import { clearFlowCookie, readFlowCookie, setFlowCookie } from './sso-flow-cookie.js';
import { findSsoProviderBySlug, listSsoProvidersOfAccounts } from './sso-provider-repository.js';
import {
  removeAccountProvider,
  saveAccountProvider,
  setPasswordSignIn,
  SSO_CALLBACK_PATH,
  ssoSettingsOf,
} from './sso-settings.js';

/** Single sign-on with OpenID Connect: the login page's providers, the trip to the provider, settings. */
export function registerSsoRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config, secrets, events } = deps;
  const sso = config.sso;
  // An account's provider reaches only public addresses unless the operator allows private ones.
  const policy = { allowPrivate: sso.allowPrivateIssuers, allowHttp: true };
  const providerDeps = { db, sso, secrets };
  // PUBLIC_URL, else the address this request reached (the Host header is checked by the host guard).
  const baseUrlOf = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;
  const redirectUriOf = (request: FastifyRequest) => `${baseUrlOf(request)}${SSO_CALLBACK_PATH}`;
  /** Back to the login page with the refusal's code (the page shows the message for it). */
  const backToLogin = (reply: FastifyReply, code: string, slug?: string) => {
    const path = slug === undefined ? '/login' : loginPathOf(slug);
    return reply.redirect(`${path}${path.includes('?') ? '&' : '?'}ssoError=${encodeURIComponent(code)}`);
  };
  const settingsDeps = (request: FastifyRequest) => ({ sso, secrets, baseUrl: baseUrlOf(request) });

  /** Starts a flow at the provider: its URL, with the checks sealed into this browser's cookie. */
  const startFlow = async (
    request: FastifyRequest,
    reply: FastifyReply,
    provider: OidcProvider,
    linkUserId?: string,
  ): Promise<URL> => {
    const { url, checks } = await startOidcSignIn(provider, redirectUriOf(request), policy);
    const flow = {
      slug: provider.slug,
      ...checks,
      startedAt: deps.now(),
      ...(linkUserId ? { linkUserId } : {}),
    };
    setFlowCookie(reply, secrets, flow, config.publicUrl);
    return url;
  };

  registerRoute(app, ssoRoutes.loginProviders, async (request) => {
    const operator = operatorProvider(sso);
    const slug = request.query.sso?.trim().toLowerCase();
    const own = slug ? await findSsoProviderBySlug(db, slug) : undefined;
    const shown = [
      ...(operator ? [{ slug: operator.slug, displayName: operator.displayName }] : []),
      ...(own ? [{ slug: own.slug, displayName: own.displayName }] : []),
    ];
    return {
      items: shown.map((p) => ({ ...p, startUrl: `/api/auth/sso/${encodeURIComponent(p.slug)}/start` })),
    };
  });

  registerRoute(app, ssoRoutes.start, async (request, reply) => {
    const provider = await findOidcProvider(providerDeps, request.params.slug.toLowerCase());
    if (!provider) return backToLogin(reply, 'sso_unknown');
    try {
      return reply.redirect((await startFlow(request, reply, provider)).href);
    } catch (error) {
      if (!(error instanceof OidcSignInError)) throw error;
      request.log.warn({ provider: provider.slug, reason: error.reason }, 'single sign-on could not start');
      return backToLogin(reply, error.code, provider.slug);
    }
  });

  registerRoute(app, ssoRoutes.callback, async (request, reply) => {
    const flow = readFlowCookie(request, secrets, deps.now());
    clearFlowCookie(reply, config.publicUrl);
    if (!flow) return backToLogin(reply, 'sso_expired');
    const provider = await findOidcProvider(providerDeps, flow.slug);
    if (!provider) return backToLogin(reply, 'sso_unknown');
    let identity;
    try {
      identity = await finishOidcSignIn(provider, new URL(request.url, baseUrlOf(request)), flow, policy);
    } catch (error) {
      if (!(error instanceof OidcSignInError)) throw error;
      request.log.warn({ provider: provider.slug, reason: error.reason }, 'single sign-on refused');
      await recordExternalSignInFailure(db, provider, { reason: error.reason, ipAddress: request.ip });
      return backToLogin(reply, error.code, provider.slug);
    }
    // A link finishes only in the session of the user who asked for it.
    const linkUserId = flow.linkUserId;
    if (linkUserId !== undefined && request.auth?.userId !== linkUserId)
      return backToLogin(reply, 'sso_expired');
    try {
      const context = { db, events, ipAddress: request.ip, log: request.log };
      const signedIn = await signInWithExternalIdentity(
        linkUserId !== undefined ? { ...context, linkUserId } : context,
        provider,
        identity,
      );
      if (linkUserId !== undefined)
        return reply.redirect(`/settings/security?ssoLinked=${encodeURIComponent(provider.slug)}`);
      await setCurrentAccountId(db, signedIn.userId, signedIn.accountId);
      // The identity provider owns the second factor: no local code is asked (docs/single-sign-on.md).
      await openSession(deps, request, reply, {
        userId: signedIn.userId,
        accepted: [],
        openedAccountId: signedIn.accountId,
      });
      return reply.redirect('/');
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return backToLogin(reply, error.code, provider.slug);
    }
  });

  registerRoute(app, ssoRoutes.links, async (request) => {
    const { userId } = requireAuth(request);
    const accounts = await listAccountsOfUser(db, userId);
    const own = await listSsoProvidersOfAccounts(
      db,
      accounts.map((a) => a.id),
    );
    const operator = operatorProvider(sso);
    const providers = [
      ...(operator ? [operator] : []),
      ...own.map((record) => accountProvider(record, secrets)),
    ];
    const links = new Map((await listIdentitiesOfUser(db, userId)).map((link) => [link.providerKey, link]));
    return {
      items: providers.map((p) => {
        const link = links.get(p.key);
        return {
          slug: p.slug,
          displayName: p.displayName,
          isLinked: link !== undefined,
          linkedAt: link?.createdAt ?? null,
        };
      }),
    };
  });

  registerRoute(app, ssoRoutes.link, async (request, reply) => {
    const { userId } = requireAuth(request);
    const provider = await findOidcProvider(providerDeps, request.params.slug.toLowerCase());
    // The operator's provider, or one of an account the user belongs to.
    const isOffered =
      provider !== undefined &&
      (provider.isOperator ||
        (await listAccountsOfUser(db, userId)).some((a) => a.id === provider.accountId));
    if (!provider || !isOffered) throw new DomainError('not_found', messages.notFound);
    try {
      return { url: (await startFlow(request, reply, provider, userId)).href };
    } catch (error) {
      if (!(error instanceof OidcSignInError)) throw error;
      request.log.warn({ provider: provider.slug, reason: error.reason }, 'single sign-on could not start');
      throw new DomainError('sso_unavailable', messages.ssoUnavailable(provider.displayName));
    }
  });

  registerRoute(app, ssoRoutes.settings, async (request) =>
    ssoSettingsOf(db, requireAccount(request), settingsDeps(request)),
  );

  registerRoute(app, ssoRoutes.saveProvider, async (request) => {
    await saveAccountProvider(changeContextOf(request, deps), request.body, settingsDeps(request));
    return ssoSettingsOf(db, requireAccount(request), settingsDeps(request));
  });

  registerRoute(app, ssoRoutes.removeProvider, async (request) => {
    await removeAccountProvider(changeContextOf(request, deps), sso);
    return ssoSettingsOf(db, requireAccount(request), settingsDeps(request));
  });

  registerRoute(app, ssoRoutes.passwordSignIn, async (request) => {
    await setPasswordSignIn(changeContextOf(request, deps), request.body, sso);
    return ssoSettingsOf(db, requireAccount(request), settingsDeps(request));
  });
}
