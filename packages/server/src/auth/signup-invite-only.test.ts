import { messages } from '@ipam/core/messages';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { goodPassword, uniqueEmail, useTestApp, type TestApp } from '../../test/factories.js';
import { signUp } from './sign-up.js';

const tokenOf = (url: string) => new URL(url).searchParams.get('invite') ?? '';

/**
 * A user of a closed server, signed up as before the operator set SIGNUP=invite-only (the domain
 * function in open mode), signed in; answers their account and session.
 */
async function userFromBeforeClosing(t: TestApp) {
  const email = uniqueEmail('owner');
  const { accountId } = await signUp(t.db, { email, password: goodPassword }, undefined, 'open');
  const client = t.client();
  expect((await client.post('/api/auth/login', { email, password: goodPassword })).status).toBe(200);
  return { email, accountId, client };
}

// Issue 36: with SIGNUP=invite-only, sign-up answers a stranger the same whatever the e-mail, so it
// cannot tell which e-mails have accounts; an invitation link still signs up, once.
describeEachDialect('sign-up by invitation only (%s)', (dialect) => {
  const t = useTestApp(dialect, { SIGNUP: 'invite-only' });

  it('tells the web app, and answers an existing and a new e-mail alike without a live link', async () => {
    expect((await t.current.client().get('/api/config')).body.signUp).toBe('invite-only');
    const existing = await userFromBeforeClosing(t.current);
    const answers = [];
    for (const email of [existing.email, uniqueEmail('new')]) {
      for (const inviteToken of [undefined, 'made-up-token']) {
        const answer = await t.current.client().post('/api/auth/signup', {
          email,
          password: goodPassword,
          ...(inviteToken ? { inviteToken } : {}),
        });
        answers.push({ status: answer.status, body: answer.body });
      }
    }
    const refused = { status: 403, body: { error: messages.signUpByInvitation, code: 'signup_invite_only' } };
    expect(answers).toEqual([refused, refused, refused, refused]);
  });

  it('signs up through a live invitation link into the inviting account, and the link only once', async () => {
    const owner = await userFromBeforeClosing(t.current);
    const created = await owner.client.post(`/api/accounts/${owner.accountId}/invites`, {
      email: uniqueEmail('invited'),
    });
    expect(created.status).toBe(201);
    const token = tokenOf(created.body.inviteUrl);
    const joined = await t.current.client().post('/api/auth/signup', {
      email: uniqueEmail('invitee'),
      password: goodPassword,
      inviteToken: token,
    });
    expect(joined.status).toBe(201);
    expect(joined.body.currentAccountId).toBe(owner.accountId);
    const again = await t.current
      .client()
      .post('/api/auth/signup', { email: uniqueEmail('second'), password: goodPassword, inviteToken: token });
    expect(again.status).toBe(403);
  });
});

describeEachDialect('sign-up open to anyone, the default (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it("keeps the specification's answers", async () => {
    expect((await t.current.client().get('/api/config')).body.signUp).toBe('open');
    const email = uniqueEmail('someone');
    expect(
      (await t.current.client().post('/api/auth/signup', { email, password: goodPassword })).status,
    ).toBe(201);
    const taken = await t.current.client().post('/api/auth/signup', { email, password: goodPassword });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(messages.emailInUse);
  });
});
