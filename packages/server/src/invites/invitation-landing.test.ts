import { messages } from '@ipam/core/messages';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { goodPassword, signUp, uniqueEmail, useTestApp, type TestApp } from '../../test/factories.js';

const tokenOf = (url: string) => new URL(url).searchParams.get('invite') ?? '';

/** An owner who invited `email`; answers the owner and the invite link's token. */
async function invitation(t: TestApp, email: string) {
  const owner = await signUp(t, uniqueEmail('owner'));
  const created = await owner.client.post(`/api/accounts/${owner.accountId}/invites`, { email });
  expect(created.status).toBe(201);
  return { owner, token: tokenOf(created.body.inviteUrl) };
}

describeEachDialect('landing where the invitation came from (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it('tells the holder of a link whom it was sent to and which account it joins; a used link is gone', async () => {
    const invited = uniqueEmail('invited');
    const { owner, token } = await invitation(t.current, invited);
    const visitor = t.current.client();
    const shown = await visitor.get(`/api/auth/invitation?invite=${encodeURIComponent(token)}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ email: invited, accountName: owner.email });

    const made = await visitor.get('/api/auth/invitation?invite=made-up-token');
    expect(made.status).toBe(404);
    expect(made.body.error).toBe(messages.inviteLinkInvalid);
    expect((await visitor.get('/api/auth/invitation')).status).toBe(400);

    await visitor.post('/api/auth/signup', { email: invited, password: goodPassword, inviteToken: token });
    const used = await t.current.client().get(`/api/auth/invitation?invite=${encodeURIComponent(token)}`);
    expect(used.status).toBe(404);
  });

  it('opens the inviting account after a sign-up through the link; the own account stays, not current', async () => {
    const { owner, token } = await invitation(t.current, uniqueEmail('invited'));
    const browser = t.current.client();
    const joined = await browser.post('/api/auth/signup', {
      email: uniqueEmail('other-address'),
      password: goodPassword,
      inviteToken: token,
    });
    expect(joined.status).toBe(201);
    expect(joined.body.currentAccountId).toBe(owner.accountId);
    const own = joined.body.accounts.find((a: { isOwner: boolean }) => a.isOwner);
    expect(own.id).not.toBe(owner.accountId);
    // The next page load, and the next login, still open the inviting account.
    expect((await browser.get('/api/auth/me')).body.currentAccountId).toBe(owner.accountId);
    expect(browser.cookies.get('accountId')).toBe(owner.accountId);
    const again = await t.current
      .client()
      .post('/api/auth/login', { email: joined.body.user.email, password: goodPassword });
    expect(again.body.currentAccountId).toBe(owner.accountId);
  });

  it('opens the inviting account for a first-time invitee who signs up with the invited e-mail, no link', async () => {
    const invited = uniqueEmail('by-mail');
    const { owner } = await invitation(t.current, invited);
    const joined = await t.current
      .client()
      .post('/api/auth/signup', { email: invited, password: goodPassword });
    expect(joined.body.currentAccountId).toBe(owner.accountId);
    // Without an invitation nothing changes: a new user works in their own account.
    const alone = await t.current.client().post('/api/auth/signup', {
      email: uniqueEmail('alone'),
      password: goodPassword,
    });
    const own = alone.body.accounts.find((a: { isOwner: boolean }) => a.isOwner);
    expect(alone.body.currentAccountId).toBe(own.id);
  });

  it('opens the inviting account at a login through the link, over the account this browser had', async () => {
    const existing = await signUp(t.current, uniqueEmail('existing'));
    expect(existing.client.cookies.get('accountId')).toBe(existing.accountId);
    const { owner, token } = await invitation(t.current, uniqueEmail('sent-elsewhere'));
    const login = await existing.client.post('/api/auth/login', {
      email: existing.email,
      password: goodPassword,
      inviteToken: token,
    });
    expect(login.status).toBe(200);
    expect(login.body.currentAccountId).toBe(owner.accountId);
    expect(existing.client.cookies.get('accountId')).toBe(owner.accountId);

    // A login that accepts an invite by e-mail alone keeps the account the user chose.
    const second = await invitation(t.current, existing.email);
    const plain = await t.current
      .client()
      .post('/api/auth/login', { email: existing.email, password: goodPassword });
    expect(plain.body.accounts.map((a: { id: string }) => a.id)).toContain(second.owner.accountId);
    expect(plain.body.currentAccountId).toBe(owner.accountId);
  });
});
