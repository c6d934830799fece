import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { goodPassword, useTestApp, type TestApp } from '../../test/factories.js';
import { accountSession, type AccountSession } from '../../test/ipam-factories.js';
import { issueResetToken } from './password-reset.js';

async function makeToken(me: AccountSession, name: string): Promise<string> {
  const response = await me.call('POST', '/tokens', { name, scope: 'write', expiresInDays: 30 });
  expect(response.status).toBe(201);
  return response.body.token;
}

/** What the token reads of the account's subnets: 200 while it works, 401 once revoked. */
async function tokenStatus(t: TestApp, me: AccountSession, token: string): Promise<number> {
  const client = t.client({ authorization: `Bearer ${token}` });
  return (await client.get(`/api/accounts/${me.accountId}/subnets`)).status;
}

describeEachDialect('API tokens end with their maker password (issue 36)', (dialect) => {
  const t = useTestApp(dialect);

  it('a password change revokes the maker tokens unless asked to keep them', async () => {
    const me = await accountSession(t.current);
    const stolen = await makeToken(me, 'made by a thief');
    expect(await tokenStatus(t.current, me, stolen)).toBe(200);
    const changed = await me.client.post('/api/auth/password', {
      currentPassword: goodPassword,
      newPassword: 'second horse battery',
    });
    expect(changed.status).toBe(204);
    expect(await tokenStatus(t.current, me, stolen)).toBe(401);
    expect((await me.call('GET', '/tokens')).body.items).toEqual([]);

    const kept = await makeToken(me, 'CI');
    const keeping = await me.client.post('/api/auth/password', {
      currentPassword: 'second horse battery',
      newPassword: 'third horse battery',
      keepApiTokens: true,
    });
    expect(keeping.status).toBe(204);
    expect(await tokenStatus(t.current, me, kept)).toBe(200);
    const notBoolean = await me.client.post('/api/auth/password', {
      currentPassword: 'third horse battery',
      newPassword: 'fourth horse battery',
      keepApiTokens: 'yes',
    });
    expect(notBoolean.status).toBe(400);
  });

  it('a password reset revokes every token the user made', async () => {
    const me = await accountSession(t.current);
    const other = await accountSession(t.current);
    const mine = await makeToken(me, 'mine');
    const theirs = await makeToken(other, 'theirs');
    const token = await issueResetToken(t.current.db, me.userId);
    const done = await t.current
      .client()
      .post('/api/auth/password-reset/confirm', { token, password: 'new horse staple' });
    expect(done.status).toBe(204);
    expect(await tokenStatus(t.current, me, mine)).toBe(401);
    expect(await tokenStatus(t.current, other, theirs)).toBe(200);
  });
});
