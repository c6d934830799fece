import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import {
  addPasskeyThrough,
  passkeyAnswer,
  passkeyEnv,
  passkeySite,
  userWithPasskey,
} from '../../test/passkey-factories.js';
import { SoftwareAuthenticator } from '../../test/software-authenticator.js';
import { passwordStep, TestClock, userWithTotp } from '../../test/two-factor-factories.js';

describeEachDialect('passkey sign-in (%s)', (dialect) => {
  const clock = new TestClock();
  const t = useTestApp(dialect, passkeyEnv, { clock: clock.now });
  const historyOf = async (user: {
    client: { get: (p: string) => Promise<{ body: { items: unknown[] } }> };
    accountId: string;
  }) => (await user.client.get(`/api/accounts/${user.accountId}/audit`)).body.items;

  it('asks for the passkey after the password and signs in with it once', async () => {
    const user = await userWithPasskey(t.current);
    const { client, response } = await passwordStep(t.current, user.email);
    expect(response.body).toEqual({
      secondFactorRequired: true,
      pendingToken: expect.any(String),
      expiresAt: expect.any(String),
      methods: ['passkey'],
    });
    const { pendingToken } = response.body;
    const { options, credential } = await passkeyAnswer(client, user.authenticator, pendingToken);
    expect(options).toMatchObject({
      rpId: 'ipam.example.com',
      userVerification: 'preferred',
      allowCredentials: [{ id: user.authenticator.lastCredentialId, type: 'public-key' }],
    });
    expect((await client.get('/api/auth/me')).status).toBe(401);
    const signedIn = await client.post('/api/auth/passkeys/login', { pendingToken, credential });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(user.email);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    const listed = (await client.get('/api/auth/passkeys')).body.items;
    expect(listed[0].lastUsedAt).toEqual(expect.any(String));

    // The same answer again (a replay): the pending sign-in and the challenge are used up.
    const replay = await t.current.client().post('/api/auth/passkeys/login', { pendingToken, credential });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('login_expired');
    const again = await passwordStep(t.current, user.email);
    const replayed = await again.client.post('/api/auth/passkeys/login', {
      pendingToken: again.response.body.pendingToken,
      credential,
    });
    expect(replayed.body.code).toBe('passkey_expired');
    expect((await historyOf(user)).slice(0, 3)).toMatchObject([
      { entity: 'sign_in_password' },
      {
        entity: 'sign_in_passkey',
        after: { method: 'passkey', passkey: 'Laptop', afterPassword: true, ipAddress: '127.0.0.1' },
      },
      { entity: 'sign_in_password' },
    ]);
  });

  it('offers both factors to a user with TOTP and a passkey', async () => {
    const user = await userWithTotp(t.current, clock);
    expect((await addPasskeyThrough(user.client, new SoftwareAuthenticator())).status).toBe(201);
    const { response } = await passwordStep(t.current, user.email);
    expect(response.body.methods).toEqual(['totp', 'passkey']);
  });

  it("refuses another user's passkey for the pending sign-in, and counts it", async () => {
    const ana = await userWithPasskey(t.current);
    const ben = await userWithPasskey(t.current);
    const { client, response } = await passwordStep(t.current, ana.email);
    const { pendingToken } = response.body;
    const options = (await client.post('/api/auth/passkeys/login-options', { pendingToken })).body;
    // Ben's authenticator signs Ana's challenge with Ben's credential.
    const credential = ben.authenticator.get(options, passkeySite, {
      credentialId: ben.authenticator.lastCredentialId,
    });
    const refused = await client.post('/api/auth/passkeys/login', { pendingToken, credential });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('passkey_invalid');
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await historyOf(ana))[0]).toMatchObject({
      entity: 'sign_in_passkey_failed',
      after: { method: 'passkey', afterPassword: true },
    });
    // Nothing of Ben's History tells of Ana's attempt.
    expect((await historyOf(ben)).map((e) => (e as { entity: string }).entity)).not.toContain(
      'sign_in_passkey_failed',
    );
    // Ana's own passkey still finishes the same pending sign-in.
    const right = await passkeyAnswer(client, ana.authenticator, pendingToken);
    expect(
      (await client.post('/api/auth/passkeys/login', { pendingToken, credential: right.credential })).status,
    ).toBe(200);
  });

  it('refuses an assertion made on another origin or for another RP ID', async () => {
    const user = await userWithPasskey(t.current);
    for (const site of [
      { origin: 'https://evil.test', rpId: passkeySite.rpId },
      { origin: passkeySite.origin, rpId: 'evil.test' },
    ]) {
      const { client, response } = await passwordStep(t.current, user.email);
      const { pendingToken } = response.body;
      const { credential } = await passkeyAnswer(client, user.authenticator, pendingToken, site);
      const refused = await client.post('/api/auth/passkeys/login', { pendingToken, credential });
      expect(refused.body.code).toBe('passkey_invalid');
    }
  });

  it('refuses a cloned authenticator whose counter went back', async () => {
    const user = await userWithPasskey(t.current);
    const clone = user.authenticator.clone();
    const first = await passkeyAnswer(t.current.client(), user.authenticator);
    expect(
      (await t.current.client().post('/api/auth/passkeys/login', { credential: first.credential })).status,
    ).toBe(200);
    const second = await passkeyAnswer(t.current.client(), user.authenticator);
    expect(
      (await t.current.client().post('/api/auth/passkeys/login', { credential: second.credential })).status,
    ).toBe(200);
    // The clone's counter is where the original's was when copied: behind the stored one.
    const cloned = await passkeyAnswer(t.current.client(), clone);
    const refused = await t.current
      .client()
      .post('/api/auth/passkeys/login', { credential: cloned.credential });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('passkey_invalid');
    expect((await historyOf(user))[0]).toMatchObject({
      entity: 'sign_in_passkey_failed',
      after: { passkey: 'Laptop', afterPassword: false },
    });
  });

  it('signs in with a passkey alone: discoverable, user verification required, no e-mail typed', async () => {
    const user = await userWithPasskey(t.current);
    const client = t.current.client();
    const { options, credential } = await passkeyAnswer(client, user.authenticator);
    expect(options).toMatchObject({ rpId: 'ipam.example.com', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const signedIn = await client.post('/api/auth/passkeys/login', { credential });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(user.email);
    expect(signedIn.body.hasSecondFactor).toBe(true);
    expect((await historyOf(user))[0]).toMatchObject({
      entity: 'sign_in_passkey',
      after: { method: 'passkey', afterPassword: false },
    });
    // A second-factor challenge is no passwordless one (and the other way round).
    const pending = await passwordStep(t.current, user.email);
    const asSecond = await passkeyAnswer(
      pending.client,
      user.authenticator,
      pending.response.body.pendingToken,
    );
    const crossed = await t.current
      .client()
      .post('/api/auth/passkeys/login', { credential: asSecond.credential });
    expect(crossed.body.code).toBe('passkey_expired');
  });

  it('refuses a passkey alone without user verification, with a wrong user handle, or unknown', async () => {
    const user = await userWithPasskey(t.current);
    const presenceOnly = new SoftwareAuthenticator(false);
    expect((await addPasskeyThrough(user.client, presenceOnly, 'Old key')).status).toBe(201);
    const unverified = await passkeyAnswer(t.current.client(), presenceOnly);
    const noUv = await t.current
      .client()
      .post('/api/auth/passkeys/login', { credential: unverified.credential });
    expect(noUv.body.code).toBe('passkey_invalid');
    // As the second factor the same key is enough: the password came first.
    const { client, response } = await passwordStep(t.current, user.email);
    const { pendingToken } = response.body;
    const options = (await client.post('/api/auth/passkeys/login-options', { pendingToken })).body;
    const credential = presenceOnly.get(options, passkeySite, {
      credentialId: presenceOnly.lastCredentialId,
    });
    expect((await client.post('/api/auth/passkeys/login', { pendingToken, credential })).status).toBe(200);

    const other = await passkeyAnswer(t.current.client(), user.authenticator);
    const wrongHandle = {
      ...other.credential,
      response: { ...other.credential.response, userHandle: 'bm9ib2R5' },
    };
    const handleRefused = await t.current
      .client()
      .post('/api/auth/passkeys/login', { credential: wrongHandle });
    expect(handleRefused.body.code).toBe('passkey_invalid');

    const stranger = new SoftwareAuthenticator();
    stranger.create({ challenge: 'x', rp: {}, user: { id: 'c29tZW9uZQ' } }, passkeySite);
    const unknown = await passkeyAnswer(t.current.client(), stranger);
    const unknownRefused = await t.current
      .client()
      .post('/api/auth/passkeys/login', { credential: unknown.credential });
    expect(unknownRefused.status).toBe(400);
    expect(unknownRefused.body.code).toBe('passkey_invalid');
  });

  it('answers 409 for passkey options of a user without one', async () => {
    const user = await userWithTotp(t.current, clock);
    const { client, response } = await passwordStep(t.current, user.email);
    const options = await client.post('/api/auth/passkeys/login-options', {
      pendingToken: response.body.pendingToken,
    });
    expect(options.status).toBe(409);
    expect(options.body.code).toBe('passkey_none');
  });
});
