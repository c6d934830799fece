import { messages } from '@ipam/core/messages';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { goodPassword, logCollector, uniqueEmail, useTestApp } from '../../test/factories.js';
import { accountSession, type AccountSession } from '../../test/ipam-factories.js';
import { signInAtProvider } from '../../test/oidc-provider.js';
import { memberWithRole } from '../../test/role-factories.js';
import {
  accountClient,
  locationOf,
  operatorClient,
  ssoSignIn,
  useSsoTestBed,
  type SsoTestBed,
} from '../../test/sso-factories.js';

let slugs = 0;
/** The settings of an account's provider at the test provider, under a new sign-in name. */
function providerBody(bed: SsoTestBed, fields: Record<string, unknown> = {}) {
  slugs += 1;
  return {
    slug: `acme-${slugs}-${Date.now().toString(36)}`,
    displayName: 'Acme SSO',
    issuerUrl: bed.idp.issuer,
    clientId: accountClient.id,
    clientSecret: accountClient.secret,
    roleRules: [
      { group: 'acme-ro', role: 'viewer' },
      { group: 'acme-admins', role: 'admin' },
    ],
    defaultRole: 'none',
    ...fields,
  };
}

/** An owner of a Business account (room for a team) with their own provider set up. */
async function ownerWithProvider(bed: SsoTestBed): Promise<{ owner: AccountSession; slug: string }> {
  const owner = await accountSession(bed.t, { tier: 2 });
  const body = providerBody(bed);
  const saved = await owner.call('PUT', '/sso', body);
  if (saved.status !== 200) throw new Error(`provider not saved: ${saved.status} ${saved.text}`);
  return { owner, slug: body.slug };
}

/** A new person at the provider; answers their login name. */
function person(bed: SsoTestBed, groups: string[], email = uniqueEmail('acme')): string {
  bed.idp.people.set(`u-${email}`, { email, groups });
  return `u-${email}`;
}

describeEachDialect('an account’s own single sign-on (%s)', (dialect) => {
  const logs = logCollector();
  const bed = useSsoTestBed(dialect, { LOG_LEVEL: 'info' }, { logStream: logs.stream });

  it('is set up by an owner, never answers the client secret, and signs members in with the mapped role', async () => {
    const b = bed.current;
    const owner = await accountSession(b.t, { tier: 2 });
    const empty = await owner.call('GET', '/sso');
    expect(empty.body).toMatchObject({
      provider: null,
      operatorProvider: null,
      allowPasswordSignIn: true,
      redirectUrl: `${b.t.baseUrl}/api/auth/sso/callback`,
    });
    const body = providerBody(b);
    const { clientSecret: _secret, ...withoutSecret } = body;
    const refused = await owner.call('PUT', '/sso', withoutSecret);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ clientSecret: messages.ssoSecretRequired });

    const saved = await owner.call('PUT', '/sso', body);
    expect(saved.status).toBe(200);
    expect(saved.body.provider).toMatchObject({
      slug: body.slug,
      hasClientSecret: true,
      loginUrl: `/login?sso=${body.slug}`,
    });
    // Changed without the secret: the stored one stays (the sign-in below proves it).
    const renamed = await owner.call('PUT', '/sso', { ...withoutSecret, displayName: 'Acme Login' });
    expect(renamed.status).toBe(200);
    const read = await owner.call('GET', '/sso');
    for (const answer of [saved, renamed, read]) expect(answer.text).not.toContain(accountClient.secret);

    const offered = await b.t.client().get(`/api/auth/sso/providers?sso=${body.slug.toUpperCase()}`);
    expect(offered.body.items.map((p: { displayName: string }) => p.displayName)).toEqual([
      'Corp SSO',
      'Acme Login',
    ]);

    const login = person(b, ['acme-admins']);
    const signedIn = await ssoSignIn(b, body.slug, login);
    expect(locationOf(signedIn.done)).toBe('/');
    const me = await signedIn.client.get('/api/auth/me');
    expect(me.body.accounts).toEqual([expect.objectContaining({ id: owner.accountId, role: 'admin' })]);

    const history = await owner.call('GET', '/audit');
    expect(history.text).not.toContain(accountClient.secret);
    const entries = history.body.items as {
      entity: string;
      action: string;
      after: Record<string, unknown>;
    }[];
    const changes = entries.filter((e) => e.entity === 'sso_provider').map((e) => e.action);
    expect(changes).toEqual(['update', 'create']);
    expect(entries.find((e) => e.entity === 'sso_provider')?.after).toMatchObject({
      displayName: 'Acme Login',
      roleMapping: 'acme-ro → Viewer, acme-admins → Admin',
      clientSecretReplaced: false,
    });
  });

  it('is the owners’ only: other roles get 403, outsiders 404, API tokens 403', async () => {
    const b = bed.current;
    const { owner } = await ownerWithProvider(b);
    const admin = await memberWithRole(b.t, owner, 'admin');
    const outsider = await accountSession(b.t);
    const token = await owner.call('POST', '/tokens', { name: 'ci', scope: 'write', expiresInDays: 30 });
    const bearer = b.t.client({ authorization: `Bearer ${token.body.token as string}` });
    const calls: [string, string, unknown][] = [
      ['GET', '/sso', undefined],
      ['PUT', '/sso', providerBody(b)],
      ['DELETE', '/sso', undefined],
      ['PUT', '/sso/password-sign-in', { allowPasswordSignIn: false }],
    ];
    for (const [method, path, body] of calls) {
      const asAdmin = await admin.call(method, path, body);
      expect(asAdmin.status).toBe(403);
      expect(asAdmin.body.error).toBe(messages.ssoOwnerOnly);
      const asOutsider = await outsider.client.request(
        method,
        `/api/accounts/${owner.accountId}${path}`,
        body,
      );
      expect(asOutsider.status).toBe(404);
      const asToken = await bearer.request(method, `/api/accounts/${owner.accountId}${path}`, body);
      expect(asToken.status).toBe(403);
      expect(asToken.body.code).toBe('token_not_allowed');
    }
    expect((await owner.call('GET', '/sso')).body.provider).not.toBeNull();
  });

  it('keeps sign-in names unique on the server, and the operator’s name for the operator', async () => {
    const b = bed.current;
    const { slug } = await ownerWithProvider(b);
    const other = await accountSession(b.t, { tier: 2 });
    const taken = await other.call('PUT', '/sso', { ...providerBody(b), slug });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'sso_slug_taken', fields: { slug: messages.ssoSlugTaken } });
    expect((await other.call('PUT', '/sso', { ...providerBody(b), slug: 'default' })).status).toBe(400);
  });

  it('turns password sign-in off for members, not owners nor API tokens, and back on when the provider goes', async () => {
    const b = bed.current;
    const bare = await accountSession(b.t, { tier: 2 });
    const first = await bare.call('PUT', '/sso/password-sign-in', { allowPasswordSignIn: false });
    expect(first.status).toBe(409);
    expect(first.body).toMatchObject({ code: 'sso_first', error: messages.ssoFirst });

    const { owner, slug } = await ownerWithProvider(b);
    const admin = await memberWithRole(b.t, owner, 'admin');
    const token = await admin.call('POST', '/tokens', { name: 'ci', scope: 'read', expiresInDays: 30 });
    const off = await owner.call('PUT', '/sso/password-sign-in', { allowPasswordSignIn: false });
    expect(off.body.allowPasswordSignIn).toBe(false);

    const member = b.t.client();
    const refused = await member.post('/api/auth/login', { email: admin.email, password: goodPassword });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('password_sign_in_off');
    expect(refused.body.error).toBe(
      messages.passwordSignInOff(owner.email, 'Acme SSO', `/login?sso=${slug}`),
    );
    expect(member.cookies.has('ipam_session')).toBe(false);
    // A wrong password says nothing of the account.
    const wrong = await member.post('/api/auth/login', { email: admin.email, password: 'not the password' });
    expect(wrong.body.code).toBe('login_failed');
    const ownerLogin = await b.t
      .client()
      .post('/api/auth/login', { email: owner.email, password: goodPassword });
    expect(ownerLogin.status).toBe(200);
    const bearer = b.t.client({ authorization: `Bearer ${token.body.token as string}` });
    expect((await bearer.get(`/api/accounts/${owner.accountId}/groups`)).status).toBe(200);
    const history = await owner.call('GET', '/audit');
    const kinds = (history.body.items as { entity: string }[]).map((e) => e.entity);
    expect(kinds.slice(0, 3)).toEqual(['sign_in', 'sign_in_failed', 'sign_in_refused']);

    const removed = await owner.call('DELETE', '/sso');
    expect(removed.body).toMatchObject({ provider: null, allowPasswordSignIn: true });
    const back = await b.t.client().post('/api/auth/login', { email: admin.email, password: goodPassword });
    expect(back.status).toBe(200);
  });

  it('lets a signed-in member link the provider to their sign-in, and only them', async () => {
    const b = bed.current;
    const { owner, slug } = await ownerWithProvider(b);
    const member = await memberWithRole(b.t, owner, 'editor');
    const login = person(b, ['acme-ro'], member.email);
    // Their e-mail is taken: an account's provider does not take a user over.
    const taken = await ssoSignIn(b, slug, login);
    expect(locationOf(taken.done)).toBe(`/login?sso=${slug}&ssoError=sso_email_taken`);
    expect(
      (await owner.call('GET', '/sso')).body.membersWithoutSso.map((m: { email: string }) => m.email),
    ).toContain(member.email);

    const started = await member.client.post(`/api/auth/sso/${slug}/link`);
    expect(started.status).toBe(200);
    const answer = await signInAtProvider(started.body.url, login, b.callbackUrl);
    // The answer in another signed-in browser: that browser has no flow (its user is not linked).
    const stranger = await accountSession(b.t);
    expect(locationOf(await stranger.client.getWithoutFollowing(answer))).toBe('/login?ssoError=sso_expired');
    const linked = await member.client.getWithoutFollowing(answer);
    expect(locationOf(linked)).toBe(`/settings/security?ssoLinked=${slug}`);
    const links = await member.client.get('/api/auth/sso/links');
    expect(links.body.items).toEqual([
      expect.objectContaining({ slug: 'default', isLinked: false }),
      expect.objectContaining({ slug, displayName: 'Acme SSO', isLinked: true }),
    ]);
    const later = await ssoSignIn(b, slug, login);
    expect(locationOf(later.done)).toBe('/');
    expect((await later.client.get('/api/auth/me')).body.user.id).toBe(member.userId);
    expect(
      (await owner.call('GET', '/sso')).body.membersWithoutSso.map((m: { email: string }) => m.email),
    ).toEqual([owner.email]);
    // Another account's provider is not theirs to link.
    const { slug: foreign } = await ownerWithProvider(b);
    expect((await member.client.post(`/api/auth/sso/${foreign}/link`)).status).toBe(404);
  });

  it('never writes a client secret, a code or a state into the log', () => {
    const text = logs.text();
    expect(text).toContain('/api/auth/sso/callback');
    expect(text).not.toContain(accountClient.secret);
    expect(text).not.toContain(operatorClient.secret);
    expect(text).not.toMatch(/[?&](code|state)=(?!\[redacted\])/);
  });
});

describeEachDialect('an account’s provider on a private address (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it('is refused unless the operator allows private issuers; plain http only on loopback', async () => {
    const owner = await accountSession(t.current, { tier: 2 });
    const body = {
      slug: 'inside',
      displayName: 'Inside',
      issuerUrl: 'http://127.0.0.1:9/',
      clientId: 'x',
      clientSecret: 'y',
      roleRules: [],
    };
    const loopback = await owner.call('PUT', '/sso', body);
    expect(loopback.status).toBe(400);
    expect(loopback.body.fields).toEqual({ issuerUrl: messages.ssoIssuerPrivate });
    const privateNet = await owner.call('PUT', '/sso', { ...body, issuerUrl: 'https://10.1.2.3/realms/x' });
    expect(privateNet.body.fields).toEqual({ issuerUrl: messages.ssoIssuerPrivate });
    const plain = await owner.call('PUT', '/sso', { ...body, issuerUrl: 'http://idp.example.com' });
    expect(plain.status).toBe(400);
    expect(plain.body.fields).toEqual({ issuerUrl: messages.ssoIssuerInvalid });
    expect((await owner.call('GET', '/sso')).body.provider).toBeNull();
  });
});
