import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { goodPassword, uniqueEmail } from '../../test/factories.js';
import { signInAtProvider } from '../../test/oidc-provider.js';
import { locationOf, ssoSignIn, useSsoTestBed, type SsoTestBed } from '../../test/sso-factories.js';

/** A new person at the provider with these groups; answers their login name. */
function person(bed: SsoTestBed, groups: string[], email = uniqueEmail('sso')): string {
  const login = `u-${email}`;
  bed.idp.people.set(login, { email, groups, name: 'Ana Lima' });
  return login;
}

/** The holder of the operator's account, signed in with a password: they read its team and History. */
async function holderClient(bed: SsoTestBed) {
  const client = bed.t.client();
  const { email, password } = bed.operatorAccount;
  const login = await client.post('/api/auth/login', { email, password });
  if (login.status !== 200) throw new Error(`holder login: ${login.status}`);
  const accountId = bed.operatorAccount.accountId;
  return { call: (path: string) => client.get(`/api/accounts/${accountId}${path}`) };
}

describeEachDialect('OpenID Connect sign-in against a real provider (%s)', (dialect) => {
  const bed = useSsoTestBed(dialect);

  it('offers the operator’s provider on every login page', async () => {
    const providers = await bed.current.t.client().get('/api/auth/sso/providers');
    expect(providers.body).toEqual({
      items: [{ slug: 'default', displayName: 'Corp SSO', startUrl: '/api/auth/sso/default/start' }],
    });
  });

  it('makes the user at the first sign-in with the mapped role, and a changed group changes it next time', async () => {
    const b = bed.current;
    const login = person(b, ['staff', 'net-ro']);
    const first = await ssoSignIn(b, 'default', login);
    // Authorization Code with PKCE (S256), state and nonce.
    const asked = first.authorizationUrl.searchParams;
    expect(asked.get('response_type')).toBe('code');
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(asked.get('state')).toBeTruthy();
    expect(asked.get('nonce')).toBeTruthy();
    expect(asked.get('scope')).toBe('openid email profile groups');
    expect(first.done.status).toBe(302);
    expect(locationOf(first.done)).toBe('/');
    const me = await first.client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: b.idp.people.get(login)?.email, displayName: 'Ana Lima' });
    expect(me.body.hasSecondFactor).toBe(false);
    expect(me.body.currentAccountId).toBe(b.operatorAccount.accountId);
    expect(me.body.accounts).toEqual([
      expect.objectContaining({ id: b.operatorAccount.accountId, role: 'viewer' }),
    ]);

    b.idp.people.set(login, {
      ...(b.idp.people.get(login) ?? { email: '', groups: [] }),
      groups: ['net-rw'],
    });
    const second = await ssoSignIn(b, 'default', login);
    const again = await second.client.get('/api/auth/me');
    expect(again.body.user.id).toBe(me.body.user.id);
    expect(again.body.accounts).toEqual([expect.objectContaining({ role: 'editor' })]);

    const holder = await holderClient(b);
    const history = (await holder.call('/audit')).body.items as {
      entity: string;
      action: string;
      actor: string | null;
      after: Record<string, unknown>;
    }[];
    const signIn = history.find((e) => e.entity === 'sign_in_external');
    expect(signIn?.after).toMatchObject({
      method: 'oidc',
      provider: 'Corp SSO',
      groups: 'net-rw',
      role: 'editor',
    });
    const changed = history.find((e) => e.entity === 'member' && e.action === 'update');
    expect(changed).toMatchObject({ actor: 'Corp SSO (group mapping)', after: { role: 'editor' } });
  });

  it('refuses a sign-in whose groups map to no role, and ends the membership of one whose groups stopped mapping', async () => {
    const b = bed.current;
    const outsider = await ssoSignIn(b, 'default', person(b, ['finance']));
    expect(locationOf(outsider.done)).toBe('/login?ssoError=sso_no_role');
    expect(outsider.client.cookies.has('ipam_session')).toBe(false);

    const login = person(b, ['net-admins']);
    expect(locationOf((await ssoSignIn(b, 'default', login)).done)).toBe('/');
    const email = b.idp.people.get(login)?.email;
    b.idp.people.set(login, { email: email ?? '', groups: [] });
    const dropped = await ssoSignIn(b, 'default', login);
    expect(locationOf(dropped.done)).toBe('/login?ssoError=sso_no_role');
    const team = (await (await holderClient(b)).call('/users')).body.items as { email: string }[];
    expect(team.map((m) => m.email)).not.toContain(email);
  });

  it('refuses a forged state, an injected nonce and a flow from another browser, signing nobody in', async () => {
    const b = bed.current;
    const login = person(b, ['net-ro']);
    const forged = await ssoSignIn(b, 'default', login, {
      answer: (url) => url.searchParams.set('state', 'forged'),
    });
    expect(locationOf(forged.done)).toBe('/login?ssoError=sso_failed');
    expect(forged.client.cookies.has('ipam_session')).toBe(false);

    // A code issued for another nonce (an attacker's own sign-in) fails the ID token's nonce check.
    const injected = await ssoSignIn(b, 'default', login, {
      authorizationUrl: (url) => url.searchParams.set('nonce', 'attacker-nonce'),
    });
    expect(locationOf(injected.done)).toBe('/login?ssoError=sso_failed');
    expect(injected.client.cookies.has('ipam_session')).toBe(false);

    // The answer carried to a browser that did not start the sign-in (login CSRF) finds no flow.
    const start = await b.t.client().getWithoutFollowing('/api/auth/sso/default/start');
    const answer = await signInAtProvider(start.headers.get('location') ?? '', login, b.callbackUrl);
    const victim = b.t.client();
    const carried = await victim.getWithoutFollowing(answer);
    expect(locationOf(carried)).toBe('/login?ssoError=sso_expired');
    expect(victim.cookies.has('ipam_session')).toBe(false);

    const history = (await (await holderClient(b)).call('/audit')).body.items as {
      entity: string;
      after: Record<string, unknown>;
    }[];
    const reasons = history
      .filter((e) => e.entity === 'sign_in_external_failed')
      .map((e) => String(e.after.reason));
    expect(reasons.some((r) => /state/i.test(r))).toBe(true);
    expect(reasons.some((r) => /nonce/i.test(r))).toBe(true);
  });

  it('refuses an ID token signed by another key and one whose claims were changed', async () => {
    const b = bed.current;
    const login = person(b, ['net-ro']);
    try {
      b.idp.mischief = 'foreign-signature';
      const foreign = await ssoSignIn(b, 'default', login);
      expect(locationOf(foreign.done)).toBe('/login?ssoError=sso_failed');
      expect(foreign.client.cookies.has('ipam_session')).toBe(false);
      b.idp.mischief = 'tampered-claims';
      const tampered = await ssoSignIn(b, 'default', login);
      expect(locationOf(tampered.done)).toBe('/login?ssoError=sso_failed');
      expect(tampered.client.cookies.has('ipam_session')).toBe(false);
    } finally {
      b.idp.mischief = 'none';
    }
    const history = (await (await holderClient(b)).call('/audit')).body.items as {
      entity: string;
      after: Record<string, unknown>;
    }[];
    const reasons = history.filter((e) => e.entity === 'sign_in_external_failed').map((e) => e.after.reason);
    expect(reasons.slice(0, 2)).toEqual([
      'JWT signature verification failed',
      'JWT signature verification failed',
    ]);
    // Nobody was made: the e-mail is free, and the same person signs in fine with an honest token.
    expect(locationOf((await ssoSignIn(b, 'default', login)).done)).toBe('/');
  });

  it('links a local user whose e-mail the operator’s provider verified, and skips the local second factor', async () => {
    const b = bed.current;
    const email = uniqueEmail('local');
    const signup = await b.t.client().post('/api/auth/signup', { email, password: goodPassword });
    expect(signup.status).toBe(201);
    const login = `u-${email}`;
    b.idp.people.set(login, { email, groups: ['net-ro'], emailVerified: false });
    const unverified = await ssoSignIn(b, 'default', login);
    expect(locationOf(unverified.done)).toBe('/login?ssoError=sso_email_taken');
    b.idp.people.set(login, { email, groups: ['net-ro'], emailVerified: true });
    const verified = await ssoSignIn(b, 'default', login);
    expect(locationOf(verified.done)).toBe('/');
    const me = await verified.client.get('/api/auth/me');
    expect(me.body.user.id).toBe(signup.body.user.id);
    expect(me.body.accounts).toHaveLength(2);
  });

  it('sends an unknown provider name back to the login page', async () => {
    const response = await bed.current.t.client().getWithoutFollowing('/api/auth/sso/nobody/start');
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe('/login?ssoError=sso_unknown');
  });
});
