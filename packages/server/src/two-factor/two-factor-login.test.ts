import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { goodPassword, signUp, useTestApp } from '../../test/factories.js';
import { passwordStep, TestClock, totpCodeAt, userWithTotp } from '../../test/two-factor-factories.js';
import { PENDING_LOGIN_MS } from './pending-logins.js';

describeEachDialect('two-factor set-up and sign-in (%s)', (dialect) => {
  const clock = new TestClock();
  const t = useTestApp(dialect, {}, { clock: clock.now });

  it('sets up TOTP: QR and secret, a wrong code refused, then ten recovery codes once; other sessions end', async () => {
    const user = await signUp(t.current);
    const elsewhere = (await passwordStep(t.current, user.email)).client;
    expect((await user.client.get('/api/auth/two-factor')).body).toEqual({
      isEnabled: false,
      recoveryCodesLeft: 0,
    });
    const setup = await user.client.post('/api/auth/two-factor/setup');
    expect(setup.status).toBe(200);
    expect(setup.body.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(setup.body.otpauthUri).toContain(`otpauth://totp/IPAM:${encodeURIComponent(user.email)}`);
    expect(setup.body.otpauthUri).toContain(`secret=${setup.body.secret}`);
    const [row] = await t.current.db
      .selectFrom('user_totp')
      .selectAll()
      .where('user_id', '=', user.userId)
      .execute();
    expect(row?.secret_sealed).not.toContain(setup.body.secret);

    const wrong = await user.client.post('/api/auth/two-factor/confirm', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('code_invalid');
    const code = await totpCodeAt(setup.body.secret, clock.now());
    const confirm = await user.client.post('/api/auth/two-factor/confirm', { code });
    expect(confirm.status).toBe(200);
    const codes: string[] = confirm.body.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await t.current.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.userId)
      .execute();
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.code_hash)).not.toContain(codes[0]);

    expect((await user.client.get('/api/auth/two-factor')).body).toEqual({
      isEnabled: true,
      recoveryCodesLeft: 10,
    });
    expect((await user.client.get('/api/auth/me')).body.hasSecondFactor).toBe(true);
    expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
    // The set-up cannot start again over a confirmed factor.
    expect((await user.client.post('/api/auth/two-factor/setup')).status).toBe(409);
  });

  it('asks for the code after the password: no session until a right code; the pending token works once', async () => {
    const user = await userWithTotp(t.current, clock);
    clock.advance(30);
    const { client, response } = await passwordStep(t.current, user.email);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      secondFactorRequired: true,
      pendingToken: expect.any(String),
      expiresAt: expect.any(String),
      methods: ['totp'],
    });
    expect(client.cookies.has('ipam_session')).toBe(false);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    const pendingToken: string = response.body.pendingToken;
    const stored = await t.current.db.selectFrom('pending_logins').select('id').execute();
    expect(stored.map((r) => r.id)).not.toContain(pendingToken);

    const wrong = await client.post('/api/auth/login/second-factor', { pendingToken, code: '123456' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('code_invalid');
    const code = await totpCodeAt(user.secret, clock.now());
    const right = await client.post('/api/auth/login/second-factor', {
      pendingToken,
      code: ` ${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(right.status).toBe(200);
    expect(right.body.user.email).toBe(user.email);
    expect((await client.get('/api/auth/me')).status).toBe(200);

    clock.advance(30);
    const again = await client.post('/api/auth/login/second-factor', {
      pendingToken,
      code: await totpCodeAt(user.secret, clock.now()),
    });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('login_expired');
  });

  it('refuses a code used before within its window (replay), and takes the next one', async () => {
    const user = await userWithTotp(t.current, clock);
    clock.advance(30);
    const code = await totpCodeAt(user.secret, clock.now());
    const first = await passwordStep(t.current, user.email);
    const ok = await first.client.post('/api/auth/login/second-factor', {
      pendingToken: first.response.body.pendingToken,
      code,
    });
    expect(ok.status).toBe(200);
    clock.advance(10);
    const second = await passwordStep(t.current, user.email);
    const { pendingToken } = second.response.body;
    const replay = await second.client.post('/api/auth/login/second-factor', { pendingToken, code });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('code_invalid');
    clock.advance(30);
    const next = await second.client.post('/api/auth/login/second-factor', {
      pendingToken,
      code: await totpCodeAt(user.secret, clock.now()),
    });
    expect(next.status).toBe(200);
  });

  it('lets only one of two concurrent sign-ins with the same code through', async () => {
    const user = await userWithTotp(t.current, clock);
    clock.advance(30);
    const code = await totpCodeAt(user.secret, clock.now());
    const attempts = await Promise.all([
      passwordStep(t.current, user.email),
      passwordStep(t.current, user.email),
    ]);
    const answers = await Promise.all(
      attempts.map(({ client, response }) =>
        client.post('/api/auth/login/second-factor', { pendingToken: response.body.pendingToken, code }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it('accepts a recovery code once (typed in capitals, without the dash), never twice', async () => {
    const user = await userWithTotp(t.current, clock);
    const recovery = user.recoveryCodes[3] ?? '';
    const first = await passwordStep(t.current, user.email);
    const used = await first.client.post('/api/auth/login/second-factor', {
      pendingToken: first.response.body.pendingToken,
      code: recovery.replace('-', '').toUpperCase(),
    });
    expect(used.status).toBe(200);
    expect((await first.client.get('/api/auth/two-factor')).body.recoveryCodesLeft).toBe(9);
    const second = await passwordStep(t.current, user.email);
    const reused = await second.client.post('/api/auth/login/second-factor', {
      pendingToken: second.response.body.pendingToken,
      code: recovery,
    });
    expect(reused.status).toBe(400);
    expect(second.client.cookies.has('ipam_session')).toBe(false);
  });

  it('lets a pending sign-in expire after five minutes, and ends it after five wrong codes', async () => {
    const user = await userWithTotp(t.current, clock);
    const late = await passwordStep(t.current, user.email);
    clock.advance(PENDING_LOGIN_MS / 1000 + 1);
    const expired = await late.client.post('/api/auth/login/second-factor', {
      pendingToken: late.response.body.pendingToken,
      code: await totpCodeAt(user.secret, clock.now()),
    });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('login_expired');

    const guessing = await passwordStep(t.current, user.email);
    const { pendingToken } = guessing.response.body;
    for (let i = 0; i < 5; i++) {
      const guess = await guessing.client.post('/api/auth/login/second-factor', {
        pendingToken,
        code: `00000${i}`,
      });
      expect(guess.body.code).toBe('code_invalid');
    }
    const after = await guessing.client.post('/api/auth/login/second-factor', {
      pendingToken,
      code: await totpCodeAt(user.secret, clock.now()),
    });
    expect(after.body.code).toBe('login_expired');
  });

  it('turns off with the password (a wrong one refused); the next sign-in is the password alone', async () => {
    const user = await userWithTotp(t.current, clock);
    const wrong = await user.client.post('/api/auth/two-factor/disable', { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('wrong_password');
    const off = await user.client.post('/api/auth/two-factor/disable', { password: goodPassword });
    expect(off.status).toBe(204);
    expect((await user.client.get('/api/auth/two-factor')).body.isEnabled).toBe(false);
    const { response } = await passwordStep(t.current, user.email);
    expect(response.body.user.email).toBe(user.email);
  });

  it('turns off with a current code (a wrong one refused), and refuses a confirm with no set-up waiting', async () => {
    const user = await userWithTotp(t.current, clock);
    clock.advance(30);
    const wrong = await user.client.post('/api/auth/two-factor/disable', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('code_invalid');
    const off = await user.client.post('/api/auth/two-factor/disable', {
      code: await totpCodeAt(user.secret, clock.now()),
    });
    expect(off.status).toBe(204);
    const none = await user.client.post('/api/auth/two-factor/confirm', { code: '123456' });
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('second_factor_off');
  });

  it('joins invited accounts only once the code is right, not at the password', async () => {
    const user = await userWithTotp(t.current, clock);
    const owner = await signUp(t.current);
    expect(
      (await owner.client.post(`/api/accounts/${owner.accountId}/invites`, { email: user.email })).status,
    ).toBe(201);
    const members = async () =>
      (
        (await owner.client.get(`/api/accounts/${owner.accountId}/users`)).body.items as { email: string }[]
      ).map((m) => m.email);
    clock.advance(30);
    const { client, response } = await passwordStep(t.current, user.email);
    expect(await members()).not.toContain(user.email);
    const done = await client.post('/api/auth/login/second-factor', {
      pendingToken: response.body.pendingToken,
      code: await totpCodeAt(user.secret, clock.now()),
    });
    expect(done.body.accounts.map((a: { id: string }) => a.id)).toContain(owner.accountId);
    expect(await members()).toContain(user.email);
  });

  it('records every step in the History of the user’s accounts', async () => {
    const user = await userWithTotp(t.current, clock);
    clock.advance(30);
    const attempt = await passwordStep(t.current, user.email);
    const { pendingToken } = attempt.response.body;
    await attempt.client.post('/api/auth/login/second-factor', { pendingToken, code: '999999' });
    await attempt.client.post('/api/auth/login/second-factor', {
      pendingToken,
      code: await totpCodeAt(user.secret, clock.now()),
    });
    const next = await passwordStep(t.current, user.email);
    await next.client.post('/api/auth/login/second-factor', {
      pendingToken: next.response.body.pendingToken,
      code: user.recoveryCodes[0],
    });
    const history = await attempt.client.get(`/api/accounts/${user.accountId}/audit`);
    expect(history.status).toBe(200);
    const entities = (history.body.items as { entity: string; userEmail: string | null }[]).map(
      (i) => i.entity,
    );
    expect(entities).toEqual([
      'sign_in_recovery_code',
      'sign_in_password',
      'sign_in_code',
      'sign_in_code_failed',
      'sign_in_password',
      'two_factor',
    ]);
    // Each step of a sign-in names the client's address, the code steps too.
    const signIns = (history.body.items as { entity: string; after: { ipAddress?: string } | null }[]).filter(
      (item) => item.entity.startsWith('sign_in'),
    );
    expect(signIns.map((item) => item.after?.ipAddress)).toEqual(Array(5).fill('127.0.0.1'));
  });
});

describeEachDialect('two-factor code limits (%s)', (dialect) => {
  const clock = new TestClock();
  const t = useTestApp(dialect, { AUTH_RATE_LIMIT_PER_EMAIL: '3' }, { clock: clock.now });

  it('refuses codes for a user after three wrong ones in the window, even from new sign-ins', async () => {
    const user = await userWithTotp(t.current, clock);
    clock.advance(30);
    for (let i = 0; i < 3; i++) {
      const attempt = await passwordStep(t.current, user.email);
      const wrong = await attempt.client.post('/api/auth/login/second-factor', {
        pendingToken: attempt.response.body.pendingToken,
        code: `11111${i}`,
      });
      expect(wrong.status).toBe(400);
    }
    const attempt = await passwordStep(t.current, user.email);
    const limited = await attempt.client.post('/api/auth/login/second-factor', {
      pendingToken: attempt.response.body.pendingToken,
      code: await totpCodeAt(user.secret, clock.now()),
    });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(attempt.client.cookies.has('ipam_session')).toBe(false);
  });
});
