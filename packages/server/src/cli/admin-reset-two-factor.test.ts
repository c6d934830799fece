import { expect, it } from 'vitest';
import { runAdmin } from './admin-command.js';
import { describeEachDialect } from '../../test/dialects.js';
import { uniqueEmail, useTestApp } from '../../test/factories.js';
import { passwordStep, TestClock, userWithTotp } from '../../test/two-factor-factories.js';

function capture() {
  const lines = { out: '', err: '' };
  return { lines, out: (t: string) => (lines.out += t), err: (t: string) => (lines.err += t) };
}

describeEachDialect('ipam admin reset-2fa (%s)', (dialect) => {
  const clock = new TestClock();
  const t = useTestApp(dialect, {}, { clock: clock.now });

  it("removes the user's factor, ends their sessions, and records it in History", async () => {
    const user = await userWithTotp(t.current, clock);
    const io = capture();
    expect(await runAdmin(t.current.db, ['reset-2fa', ` ${user.email.toUpperCase()}`], io.out, io.err)).toBe(
      0,
    );
    expect(io.lines.out).toBe(`Two-factor sign-in removed for ${user.email}; 1 session(s) ended.\n`);
    expect((await user.client.get('/api/auth/me')).status).toBe(401);
    expect(
      await t.current.db
        .selectFrom('recovery_codes')
        .select('code_hash')
        .where('user_id', '=', user.userId)
        .execute(),
    ).toEqual([]);

    const { client, response } = await passwordStep(t.current, user.email);
    expect(response.body.user.email).toBe(user.email);
    // Newest first: the sign-in just made, then the reset.
    const history = await client.get(`/api/accounts/${user.accountId}/audit`);
    expect(history.body.items.slice(0, 2)).toMatchObject([
      { entity: 'sign_in', action: 'create' },
      { entity: 'two_factor', action: 'delete', actor: 'ipam admin reset-2fa' },
    ]);
  });

  it('says so for an unknown e-mail or none', async () => {
    const unknown = capture();
    const email = uniqueEmail();
    expect(await runAdmin(t.current.db, ['reset-2fa', email], unknown.out, unknown.err)).toBe(1);
    expect(unknown.lines.err).toBe(`ipam admin reset-2fa: no user with e-mail '${email}'\n`);
    const none = capture();
    expect(await runAdmin(t.current.db, ['reset-2fa'], none.out, none.err)).toBe(2);
    expect(none.lines.err).toContain('ipam admin reset-2fa <email>');
  });
});
