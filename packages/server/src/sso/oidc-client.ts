import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import { DomainError } from '../errors/domain-error.js';
import { messages } from '@ipam/core/messages';
import type { VerifiedIdentity } from '../external-identity/external-identity.js';
import type { OutboundPolicy } from '../webhooks/safe-post.js';
import { guardedFetch } from './guarded-fetch.js';
import type { OidcProvider } from './oidc-providers.js';
import { readIdentity } from './oidc-claims.js';

/** What a sign-in keeps between its start and the provider's answer (in the sealed flow cookie). */
export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** A refused answer of the provider, with the reason History records (never a secret). */
export class OidcSignInError extends Error {
  constructor(
    readonly code: 'sso_failed' | 'sso_unavailable',
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'OidcSignInError';
  }
}

// Discovery documents are fetched at most this often per provider and client (a cache, not a copy).
const DISCOVERY_TTL_MS = 10 * 60 * 1000;
const discovered = new Map<string, { config: Promise<client.Configuration>; at: number }>();

/**
 * Why a library error refused the sign-in, short, for History and the log: the innermost error's
 * message (openid-client wraps the precise one, e.g. 'unexpected ID Token "nonce" claim value').
 */
function reasonOf(error: unknown): string {
  let inner = error;
  for (let depth = 0; depth < 5 && inner instanceof Error && inner.cause instanceof Error; depth++) {
    inner = inner.cause;
  }
  const text = inner instanceof Error ? inner.message : String(inner);
  return text.slice(0, 200);
}

/**
 * The client configuration of the provider from its discovery document (cached). An account's
 * provider is reached only through the outbound policy; plain http only to a loopback issuer (the
 * schema allows nothing else). The client authenticates with client_secret_basic, OpenID's default.
 */
function configurationOf(provider: OidcProvider, policy: OutboundPolicy): Promise<client.Configuration> {
  const key = createHash('sha256')
    .update(
      JSON.stringify([
        provider.issuerUrl,
        provider.clientId,
        provider.clientSecret,
        provider.isOperator,
        policy,
      ]),
    )
    .digest('hex');
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
  const issuer = new URL(provider.issuerUrl);
  const config = client
    .discovery(
      issuer,
      provider.clientId,
      provider.clientSecret,
      client.ClientSecretBasic(provider.clientSecret),
      {
        // The ID token's signature is checked against the provider's published keys, not only trusted
        // because it came over TLS from the token endpoint (which OpenID allows but we do not rely on).
        execute: [
          client.enableNonRepudiationChecks,
          ...(issuer.protocol === 'http:' ? [client.allowInsecureRequests] : []),
        ],
        timeout: 10,
        ...(provider.isOperator ? {} : { [client.customFetch]: guardedFetch(policy) }),
      },
    )
    .catch((error: unknown) => {
      discovered.delete(key);
      throw new OidcSignInError('sso_unavailable', `discovery failed: ${reasonOf(error)}`);
    });
  discovered.set(key, { config, at: Date.now() });
  return config;
}

/**
 * Starts an Authorization Code sign-in with PKCE (S256), state and nonce: the provider's URL to send
 * the browser to, and the checks to keep for its answer. Asks for the groups scope when the provider
 * lists one named like the groups claim (asking for an unknown scope makes some providers refuse).
 */
export async function startOidcSignIn(
  provider: OidcProvider,
  redirectUri: string,
  policy: OutboundPolicy,
): Promise<{ url: URL; checks: OidcChecks }> {
  const config = await configurationOf(provider, policy);
  const checks = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
  };
  const supported = config.serverMetadata().scopes_supported ?? [];
  const scopes = [
    'openid',
    'email',
    'profile',
    ...(supported.includes(provider.groupsClaim) ? [provider.groupsClaim] : []),
  ];
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: scopes.join(' '),
    code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
    state: checks.state,
    nonce: checks.nonce,
  });
  return { url, checks };
}

/**
 * Finishes the sign-in with the provider's answer (`currentUrl`: the callback URL it sent the browser
 * to): the library checks state, exchanges the code with the PKCE verifier, verifies the ID token's
 * signature against the provider's keys, its issuer, audience, expiry and nonce. The person's e-mail,
 * name and groups come from the ID token, else from the userinfo endpoint.
 */
export async function finishOidcSignIn(
  provider: OidcProvider,
  currentUrl: URL,
  checks: OidcChecks,
  policy: OutboundPolicy,
): Promise<VerifiedIdentity> {
  const config = await configurationOf(provider, policy);
  try {
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    let merged: Record<string, unknown> = { ...claims };
    const needsMore =
      merged.email === undefined || readIdentity(merged, provider.groupsClaim).groups.length === 0;
    if (needsMore && config.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      merged = { ...info, ...claims };
    }
    return { subject: claims.sub, ...readIdentity(merged, provider.groupsClaim) };
  } catch (error) {
    if (error instanceof OidcSignInError) throw error;
    throw new OidcSignInError('sso_failed', reasonOf(error));
  }
}

/** The user-facing refusal of a failed OpenID exchange. */
export function oidcRefusal(error: OidcSignInError, provider: { displayName: string }): DomainError {
  return error.code === 'sso_unavailable'
    ? new DomainError('sso_unavailable', messages.ssoUnavailable(provider.displayName))
    : new DomainError('sso_failed', messages.ssoFailed(provider.displayName));
}
