import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { goodPassword, signUp, uniqueEmail, useTestApp, type TestApp } from '../../test/factories.js';
import { setTier } from '../../test/ipam-factories.js';
import { confirmPasswordReset, resetLinkForEmail } from '../auth/password-reset.js';
import { noopEventPublisher } from '../events/event-publisher.js';
import type { ExternalProvider, VerifiedIdentity } from './external-identity.js';
import { signInWithExternalIdentity } from './sign-in-external.js';

const mapping = {
  rules: [
    { group: 'net-ro', role: 'viewer' as const },
    { group: 'net-rw', role: 'editor' as const },
    { group: 'net-admins', role: 'admin' as const },
  ],
  defaultRole: null,
};

/** A provider of the owner's account, as LDAP or OpenID Connect would hand it over. */
function providerOf(accountId: string, fields: Partial<ExternalProvider> = {}): ExternalProvider {
  return {
    key: `oidc:account:${accountId}`,
    method: 'oidc',
    displayName: 'Acme SSO',
    accountId,
    mapping,
    isTrustedForEmail: false,
    ...fields,
  };
}

function identity(fields: Partial<VerifiedIdentity> = {}): VerifiedIdentity {
  return {
    subject: randomUUID(),
    email: uniqueEmail('sso'),
    isEmailVerified: true,
    name: 'Ana Lima',
    groups: ['net-ro'],
    ...fields,
  };
}

const signIn = (t: TestApp, provider: ExternalProvider, who: VerifiedIdentity, linkUserId?: string) =>
  signInWithExternalIdentity(
    { db: t.db, events: noopEventPublisher, ipAddress: '192.0.2.9', ...(linkUserId ? { linkUserId } : {}) },
    provider,
    who,
  );

/** A signed-up owner whose account (Business) has room for a team. */
async function teamOwner(t: TestApp) {
  const owner = await signUp(t);
  await setTier(t.db, owner.accountId, 2);
  return owner;
}

/** The account's members as its owner sees them, by e-mail. */
async function rolesOf(owner: Awaited<ReturnType<typeof signUp>>): Promise<Record<string, string>> {
  const users = await owner.client.get(`/api/accounts/${owner.accountId}/users`);
  return Object.fromEntries(
    (users.body.items as { email: string; role: string }[]).map((m) => [m.email, m.role]),
  );
}

describeEachDialect('sign-in through an external identity (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it('makes the user at the first sign-in with the mapped role, and re-applies the mapping each time', async () => {
    const owner = await teamOwner(t.current);
    const provider = providerOf(owner.accountId);
    const ana = identity({ groups: ['staff', 'net-ro'] });
    const first = await signIn(t.current, provider, ana);
    expect(first).toMatchObject({ accountId: owner.accountId, role: 'viewer', isNewUser: true });
    expect((await rolesOf(owner))[ana.email ?? '']).toBe('viewer');

    // The highest role of every matching rule wins, whatever the rule order.
    const promoted = await signIn(t.current, provider, {
      ...ana,
      groups: ['net-ro', 'net-admins', 'net-rw'],
    });
    expect(promoted).toMatchObject({ userId: first.userId, role: 'admin', isNewUser: false });
    expect((await rolesOf(owner))[ana.email ?? '']).toBe('admin');

    const history = await owner.client.get(`/api/accounts/${owner.accountId}/audit`);
    const entries = history.body.items as {
      entity: string;
      action: string;
      actor: string | null;
      after: Record<string, unknown>;
    }[];
    expect(entries.slice(0, 5).map((e) => `${e.entity} ${e.action}`)).toEqual([
      'sign_in_external create',
      'member update',
      'sign_in_external create',
      'external_identity create',
      'member create',
    ]);
    expect(entries[0]?.after).toMatchObject({
      method: 'oidc',
      provider: 'Acme SSO',
      role: 'admin',
      ipAddress: '192.0.2.9',
    });
    expect(entries[1]).toMatchObject({ actor: 'Acme SSO (group mapping)', after: { role: 'admin' } });
  });

  it('refuses a sign-in whose groups map to nothing, making nobody, and removes a member whose groups stopped mapping', async () => {
    const owner = await teamOwner(t.current);
    const provider = providerOf(owner.accountId);
    const stranger = identity({ groups: ['finance'] });
    await expect(signIn(t.current, provider, stranger)).rejects.toMatchObject({ code: 'sso_no_role' });
    expect(Object.keys(await rolesOf(owner))).toEqual([owner.email]);

    const bo = identity({ groups: ['net-rw'] });
    await signIn(t.current, provider, bo);
    await expect(signIn(t.current, provider, { ...bo, groups: [] })).rejects.toMatchObject({
      code: 'sso_no_role',
      message:
        'Your groups at Acme SSO give you no role in this account. Ask its owner to add you to a group that has one.',
    });
    expect(Object.keys(await rolesOf(owner))).toEqual([owner.email]);

    const history = await owner.client.get(`/api/accounts/${owner.accountId}/audit`);
    const entries = history.body.items as {
      entity: string;
      action: string;
      after: Record<string, unknown> | null;
    }[];
    expect(entries.slice(0, 2).map((e) => `${e.entity} ${e.action}`)).toEqual([
      'sign_in_external_failed create',
      'member delete',
    ]);
    const refusals = entries.filter((e) => e.entity === 'sign_in_external_failed');
    expect(refusals.map((e) => e.after?.email)).toEqual([bo.email, stranger.email]);
    expect(refusals[1]?.after).toMatchObject({ groups: 'finance', method: 'oidc' });
  });

  it('gives the default role when no group matches, and never changes an owner', async () => {
    const owner = await teamOwner(t.current);
    const provider = providerOf(owner.accountId, {
      mapping: { ...mapping, defaultRole: 'viewer' },
      isTrustedForEmail: true,
    });
    const cy = identity({ groups: [] });
    expect((await signIn(t.current, provider, cy)).role).toBe('viewer');
    // The owner's own e-mail, trusted and verified: linked, and their role stays.
    const own = await signIn(t.current, provider, identity({ email: owner.email, groups: ['net-ro'] }));
    expect(own).toMatchObject({ userId: owner.userId, role: 'owner' });
    expect((await rolesOf(owner))[owner.email]).toBe('owner');
  });

  it('links an existing e-mail only for a trusted provider that verified it; else the user links it signed in', async () => {
    const owner = await teamOwner(t.current);
    const member = await signUp(t.current);
    const accountProvider = providerOf(owner.accountId);
    const claimed = identity({ email: member.email.toUpperCase(), groups: ['net-rw'] });
    // An account's own provider cannot take over a user who exists already (they may belong elsewhere).
    await expect(signIn(t.current, accountProvider, claimed)).rejects.toMatchObject({
      code: 'sso_email_taken',
    });
    const trusted = providerOf(owner.accountId, { key: 'oidc:operator', isTrustedForEmail: true });
    await expect(signIn(t.current, trusted, { ...claimed, isEmailVerified: false })).rejects.toMatchObject({
      code: 'sso_email_taken',
    });
    expect(await rolesOf(owner)).not.toHaveProperty(member.email);

    // The user links the account's provider while signed in: their subject, whatever its e-mail.
    const linked = await signIn(
      t.current,
      accountProvider,
      { ...claimed, email: 'other@example.org' },
      member.userId,
    );
    expect(linked).toMatchObject({ userId: member.userId, role: 'editor', isNewUser: false });
    expect((await signIn(t.current, accountProvider, claimed)).userId).toBe(member.userId);
    // The subject is this user's now: nobody else can link it.
    const other = await signUp(t.current);
    await expect(signIn(t.current, accountProvider, claimed, other.userId)).rejects.toMatchObject({
      code: 'sso_identity_taken',
    });
    // The trusted provider takes over a verified e-mail.
    const byEmail = await signIn(t.current, trusted, identity({ email: other.email, groups: ['net-ro'] }));
    expect(byEmail.userId).toBe(other.userId);
  });

  it('refuses an identity without an e-mail, and a new member past the account’s user limit', async () => {
    const owner = await signUp(t.current);
    const provider = providerOf(owner.accountId);
    await expect(signIn(t.current, provider, identity({ email: null }))).rejects.toMatchObject({
      code: 'sso_email_missing',
    });
    // A Free account holds 2 users: the owner and one more.
    await signIn(t.current, provider, identity());
    const third = identity();
    await expect(signIn(t.current, provider, third)).rejects.toMatchObject({ code: 'user_limit_reached' });
    // Nobody was made for the refused sign-in: its e-mail can sign up.
    const client = t.current.client();
    const signup = await client.post('/api/auth/signup', { email: third.email, password: goodPassword });
    expect(signup.status).toBe(201);
  });

  it("lets go of an account provider's link once the e-mail's owner resets the password", async () => {
    const owner = await teamOwner(t.current);
    const provider = providerOf(owner.accountId);
    // The account's owner made a user for an e-mail that is not theirs (nobody had signed up with it).
    const squatted = identity({ groups: ['net-ro'] });
    const made = await signIn(t.current, provider, squatted);
    const link = await resetLinkForEmail(t.current.db, squatted.email ?? '', 'http://ipam.test');
    const token = new URL(link ?? '').searchParams.get('token') ?? '';
    await confirmPasswordReset(t.current.db, { token, password: goodPassword });
    // Their provider no longer signs in as the user; the e-mail's owner does, with the password.
    await expect(signIn(t.current, provider, squatted)).rejects.toMatchObject({ code: 'sso_email_taken' });
    const login = await t.current
      .client()
      .post('/api/auth/login', { email: squatted.email, password: goodPassword });
    expect(login.body.user.id).toBe(made.userId);
  });

  it('makes a user without a password: a password never signs them in', async () => {
    const owner = await teamOwner(t.current);
    const dee = identity();
    await signIn(t.current, providerOf(owner.accountId), dee);
    const wrong = await t.current
      .client()
      .post('/api/auth/login', { email: dee.email, password: goodPassword });
    expect(wrong.status).toBe(401);
  });
});
