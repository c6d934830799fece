import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { signUp, uniqueEmail, useTestApp } from '../../test/factories.js';
import { TestClock, totpCodeAt, userWithTotp } from '../../test/two-factor-factories.js';

describeEachDialect("the owner's two-factor requirement (%s)", (dialect) => {
  const clock = new TestClock();
  const t = useTestApp(dialect, {}, { clock: clock.now });

  it('is the owner’s alone, needs their own factor first, and keeps members without one out until they set it up', async () => {
    const owner = await signUp(t.current);
    const memberEmail = uniqueEmail('member');
    expect(
      (await owner.client.post(`/api/accounts/${owner.accountId}/invites`, { email: memberEmail })).status,
    ).toBe(201);
    const member = await signUp(t.current, memberEmail);
    const security = `/api/accounts/${owner.accountId}/security`;

    const tooEarly = await owner.client.put(security, { requireSecondFactor: true });
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.code).toBe('second_factor_first');
    const byMember = await member.client.put(security, { requireSecondFactor: false });
    expect(byMember.status).toBe(403);
    expect(byMember.body.code).toBe('owner_only');

    const setup = await owner.client.post('/api/auth/two-factor/setup');
    const code = await totpCodeAt(setup.body.secret, clock.now());
    expect((await owner.client.post('/api/auth/two-factor/confirm', { code })).status).toBe(200);
    const on = await owner.client.put(security, { requireSecondFactor: true });
    expect(on.status).toBe(200);
    expect(on.body.requireSecondFactor).toBe(true);

    // The member reaches nothing of the account, but their own account and the set-up stay open.
    const blocked = await member.client.get(`/api/accounts/${owner.accountId}/subnets`);
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ code: 'second_factor_required' });
    expect((await member.client.get(`/api/accounts/${member.accountId}/subnets`)).status).toBe(200);
    const me = await member.client.get('/api/auth/me');
    expect(me.body.hasSecondFactor).toBe(false);
    expect(me.body.accounts.find((a: { id: string }) => a.id === owner.accountId).requireSecondFactor).toBe(
      true,
    );

    const memberSetup = await member.client.post('/api/auth/two-factor/setup');
    const memberCode = await totpCodeAt(memberSetup.body.secret, clock.now());
    expect((await member.client.post('/api/auth/two-factor/confirm', { code: memberCode })).status).toBe(200);
    expect((await member.client.get(`/api/accounts/${owner.accountId}/subnets`)).status).toBe(200);

    const history = await owner.client.get(`/api/accounts/${owner.accountId}/audit`);
    const entities = (history.body.items as { entity: string }[]).map((i) => i.entity);
    expect(entities.slice(0, 3)).toEqual(['two_factor', 'account_security', 'two_factor']);
  });

  it('applies to API tokens of a member without a factor too', async () => {
    const owner = await userWithTotp(t.current, clock);
    const token = await owner.client.post(`/api/accounts/${owner.accountId}/tokens`, {
      name: 'ci',
      scope: 'read',
      expiresInDays: 30,
    });
    expect(token.status).toBe(201);
    expect(
      (await owner.client.put(`/api/accounts/${owner.accountId}/security`, { requireSecondFactor: true }))
        .status,
    ).toBe(200);
    const bearer = { authorization: `Bearer ${token.body.token}` };
    expect((await t.current.client(bearer).get(`/api/accounts/${owner.accountId}/subnets`)).status).toBe(200);
    expect(
      (await owner.client.post('/api/auth/two-factor/disable', { password: 'correct horse battery' })).status,
    ).toBe(204);
    const refused = await t.current.client(bearer).get(`/api/accounts/${owner.accountId}/subnets`);
    expect(refused.body.code).toBe('second_factor_required');
  });
});
