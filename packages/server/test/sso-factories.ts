import type { Writable } from 'node:stream';
import type { ClientMetadata } from 'oidc-provider';
import { afterAll, beforeAll } from 'vitest';
import { setTier } from './ipam-factories.js';
import { buildTestApp, createUser, type TestApp, type TestClient, type TestResponse } from './factories.js';
import { createTestDatabase, type Dialect } from './dialects.js';
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from './oidc-provider.js';

/** The operator's client at the test provider, and an account's own. */
export const operatorClient = { id: 'ipam-operator', secret: 'operator-secret-9f3c1e7d2b' };
export const accountClient = { id: 'ipam-acme', secret: 'acme-secret-4a8e6c0f1d' };

/** The app, the provider and the account the operator's provider serves (its holder's password known). */
export interface SsoTestBed {
  t: TestApp;
  idp: TestOidcProvider;
  operatorAccount: { accountId: string; userId: string; email: string; password: string };
  callbackUrl: string;
}

/**
 * beforeAll/afterAll: a real OpenID provider on loopback, then an app on a fresh database whose
 * operator provider (OIDC_*) serves an account made first (Business tier: room for a team), with
 * `net-ro` → viewer, `net-rw` → editor, `net-admins` → admin. Account providers may be on loopback.
 */
export function useSsoTestBed(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: { logStream?: Writable } = {},
): { readonly current: SsoTestBed } {
  let bed: SsoTestBed | undefined;
  beforeAll(async () => {
    const idp = await startOidcProvider();
    const database = await createTestDatabase(dialect);
    const holder = await createUser(database.db);
    await setTier(database.db, holder.accountId, 2);
    const t = await buildTestApp(
      database,
      {
        OIDC_ISSUER_URL: idp.issuer,
        OIDC_CLIENT_ID: operatorClient.id,
        OIDC_CLIENT_SECRET: operatorClient.secret,
        OIDC_DISPLAY_NAME: 'Corp SSO',
        OIDC_ROLE_MAPPING: 'net-ro=viewer, net-rw=editor, net-admins=admin',
        OIDC_ACCOUNT_ID: holder.accountId,
        SSO_ALLOW_PRIVATE_ISSUERS: 'true',
        ...env,
      },
      options,
    );
    const callbackUrl = `${t.baseUrl}/api/auth/sso/callback`;
    const grant: Partial<ClientMetadata> = {
      redirect_uris: [callbackUrl],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    };
    idp.configure([
      { client_id: operatorClient.id, client_secret: operatorClient.secret, ...grant },
      { client_id: accountClient.id, client_secret: accountClient.secret, ...grant },
    ]);
    bed = { t, idp, operatorAccount: holder, callbackUrl };
  });
  afterAll(async () => {
    await bed?.t.app.close();
    await bed?.t.database.destroy();
    await bed?.idp.stop();
  });
  return {
    get current() {
      if (!bed) throw new Error('test bed not ready (use it inside a test)');
      return bed;
    },
  };
}

/** A sign-in through a provider as a browser makes it, with the steps a test may bend. */
export interface SsoSignIn {
  client: TestClient;
  /** The app's answer to the provider's redirect: 302 to `/` (signed in) or to the login page. */
  done: TestResponse;
  authorizationUrl: URL;
}

/**
 * Starts the sign-in at `/api/auth/sso/<slug>/start`, signs `login` in at the provider and brings its
 * answer back to the app in the same browser. `bend` may change the authorization URL (an injected
 * nonce) or the answer (a forged state) on the way.
 */
export async function ssoSignIn(
  bed: SsoTestBed,
  slug: string,
  login: string,
  bend: { authorizationUrl?: (url: URL) => void; answer?: (url: URL) => void; client?: TestClient } = {},
): Promise<SsoSignIn> {
  const client = bend.client ?? bed.t.client();
  const start = await client.getWithoutFollowing(`/api/auth/sso/${slug}/start`);
  if (start.status !== 302) throw new Error(`start: ${start.status} ${start.text}`);
  const authorizationUrl = new URL(start.headers.get('location') ?? '');
  bend.authorizationUrl?.(authorizationUrl);
  const answer = new URL(await signInAtProvider(authorizationUrl.href, login, bed.callbackUrl));
  bend.answer?.(answer);
  const done = await client.getWithoutFollowing(answer.href);
  return { client, done, authorizationUrl };
}

/** Where the app sent the browser: the path and query of `location`. */
export function locationOf(response: TestResponse): string {
  return response.headers.get('location') ?? '';
}
