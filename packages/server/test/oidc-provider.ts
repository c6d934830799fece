import { createPrivateKey, generateKeyPairSync, randomUUID, sign, type JsonWebKey } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ClientMetadata } from 'oidc-provider';

/** A person at the test provider: the claims it releases (the groups claim is `groups`). */
export interface ProviderPerson {
  email: string;
  emailVerified?: boolean;
  name?: string;
  groups: string[];
}

/** How the provider's token endpoint misbehaves, for the attacks a test tries. */
export type TokenMischief = 'none' | 'foreign-signature' | 'tampered-claims';

/** A real OpenID provider (`oidc-provider`, the certified library) on a loopback port. */
export interface TestOidcProvider {
  issuer: string;
  /** Who can sign in, by login name (the `sub`); change a person's groups between sign-ins. */
  people: Map<string, ProviderPerson>;
  /** Registers the clients (the app's redirect URI is known only once the app listens). */
  configure(clients: ClientMetadata[]): void;
  mischief: TokenMischief;
  /** Every request path the provider received (an SSRF test checks that none came). */
  requests: string[];
  stop(): Promise<void>;
}

function base64url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url');
}

/** Re-signs an ID token with a key the provider never published (its header, kid included, kept). */
function resignWithForeignKey(idToken: string): string {
  const [header = '', payload = ''] = idToken.split('.');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), privateKey);
  return `${header}.${payload}.${base64url(signature)}`;
}

/** Gives the token's holder the admin group, keeping the provider's signature (now wrong). */
function tamperClaims(idToken: string): string {
  const [header = '', payload = '', signature = ''] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  return `${header}.${base64url(JSON.stringify({ ...claims, groups: ['net-admins'] }))}.${signature}`;
}

/**
 * Starts the provider's HTTP server on 127.0.0.1 with a free port (so its issuer is known before the
 * app is built); `configure` then makes the provider with its clients. It signs with a fresh RSA key,
 * shows its development login and consent pages (any password), and puts the requested claims
 * (email, name, groups) in the ID token.
 */
export async function startOidcProvider(): Promise<TestOidcProvider> {
  let handler: RequestListener | null = null;
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const people = new Map<string, ProviderPerson>();
  const signingKey = createPrivateKey(
    generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
  );
  const jwk = {
    ...(signingKey.export({ format: 'jwk' }) as JsonWebKey),
    kid: randomUUID(),
    use: 'sig',
    alg: 'RS256',
  };
  const state: TestOidcProvider = {
    issuer,
    people,
    mischief: 'none',
    requests,
    configure(clients) {
      const provider = new Provider(issuer, {
        clients,
        jwks: { keys: [jwk] },
        cookies: { keys: [randomUUID()] },
        claims: {
          openid: ['sub'],
          email: ['email', 'email_verified'],
          profile: ['name'],
          groups: ['groups'],
        },
        scopes: ['openid', 'email', 'profile', 'groups'],
        conformIdTokenClaims: false,
        pkce: { required: () => true },
        features: { devInteractions: { enabled: true } },
        findAccount: (_ctx, sub) => {
          const person = people.get(sub);
          if (!person) return undefined;
          return {
            accountId: sub,
            claims: () => ({
              sub,
              email: person.email,
              email_verified: person.emailVerified ?? true,
              name: person.name ?? person.email,
              groups: person.groups,
            }),
          };
        },
      });
      provider.use(async (ctx, next) => {
        await next();
        const body: unknown = ctx.body;
        if (ctx.path !== '/token' || typeof body !== 'object' || body === null || !('id_token' in body))
          return;
        const token = String(body.id_token);
        if (state.mischief === 'foreign-signature')
          ctx.body = { ...body, id_token: resignWithForeignKey(token) };
        if (state.mischief === 'tampered-claims') ctx.body = { ...body, id_token: tamperClaims(token) };
      });
      const callback = provider.callback();
      handler = (req, res) => void callback(req, res);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return state;
}

/** The form of the provider's login or consent page: where it posts and which prompt it answers. */
function formOf(html: string): { action: string; prompt: string } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !prompt) throw new Error(`no interaction form in: ${html.slice(0, 300)}`);
  return { action: action.replace(/&amp;/g, '&'), prompt };
}

/**
 * Signs `login` in at the provider as a browser would — the authorization URL, its login page (any
 * password), its consent page — and answers the URL the provider sends the browser back to (the
 * app's callback with code and state). The provider's cookies stay in this call.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  callbackPrefix: string,
): Promise<string> {
  const cookies = new Map<string, string>();
  const send = async (url: string, form?: Record<string, string>) => {
    const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return response;
  };
  let next = authorizationUrl;
  let form: Record<string, string> | undefined;
  for (let step = 0; step < 12; step++) {
    const response = await send(next, form);
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      const target = new URL(location, next).href;
      if (target.startsWith(callbackPrefix)) return target;
      next = target;
      continue;
    }
    const page = formOf(await response.text());
    next = new URL(page.action, next).href;
    form = page.prompt === 'login' ? { prompt: 'login', login, password: 'any' } : { prompt: page.prompt };
  }
  throw new Error('the provider never sent the browser back');
}
