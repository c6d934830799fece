import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { buildTestApp, signUp, useTestApp } from '../../test/factories.js';
import { addPasskeyThrough, passkeyEnv, passkeySite, userWithPasskey } from '../../test/passkey-factories.js';
import { SoftwareAuthenticator } from '../../test/software-authenticator.js';
import { passwordStep, TestClock } from '../../test/two-factor-factories.js';
import { CHALLENGE_MS } from './webauthn-challenges.js';

describeEachDialect('passkeys: adding, listing, renaming, removing (%s)', (dialect) => {
  const clock = new TestClock();
  const t = useTestApp(dialect, passkeyEnv, { clock: clock.now });

  it('adds a named passkey from a single-use challenge stored as a hash; other sessions end', async () => {
    const user = await signUp(t.current);
    const elsewhere = (await passwordStep(t.current, user.email)).client;
    const options = await user.client.post('/api/auth/passkeys/registration-options');
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({
      rp: { id: 'ipam.example.com', name: 'IPAM' },
      user: { name: user.email, displayName: user.email },
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    const stored = await t.current.db.selectFrom('webauthn_challenges').select(['id', 'purpose']).execute();
    const hash = createHash('sha256').update(options.body.challenge).digest('hex');
    expect(stored).toContainEqual({ id: hash, purpose: 'register' });
    expect(stored.map((r) => r.id)).not.toContain(options.body.challenge);

    const authenticator = new SoftwareAuthenticator();
    const credential = authenticator.create(options.body, passkeySite);
    const added = await user.client.post('/api/auth/passkeys', { name: '  YubiKey 5C ', credential });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(String),
      name: 'YubiKey 5C',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect((await user.client.get('/api/auth/passkeys')).body.items).toEqual([added.body]);
    expect((await user.client.get('/api/auth/me')).body.hasSecondFactor).toBe(true);
    expect((await elsewhere.get('/api/auth/me')).status).toBe(401);

    // The same answer again: its challenge was taken.
    const replay = await user.client.post('/api/auth/passkeys', { name: 'Again', credential });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('passkey_expired');
    // The next options name the passkey, so the authenticator makes no second one.
    const next = await user.client.post('/api/auth/passkeys/registration-options');
    expect(next.body.excludeCredentials).toEqual([
      { id: authenticator.lastCredentialId, type: 'public-key', transports: ['internal'] },
    ]);

    const history = await user.client.get(`/api/accounts/${user.accountId}/audit`);
    expect(history.body.items[0]).toMatchObject({
      entity: 'passkey',
      action: 'create',
      after: { method: 'passkey', passkey: 'YubiKey 5C', endedSessions: 1 },
    });
  });

  it('refuses an expired challenge, a challenge of another user or of a sign-in', async () => {
    const ana = await signUp(t.current);
    const ben = await signUp(t.current);
    const authenticator = new SoftwareAuthenticator();
    const late = await ana.client.post('/api/auth/passkeys/registration-options');
    clock.advance(CHALLENGE_MS / 1000 + 1);
    const expired = await ana.client.post('/api/auth/passkeys', {
      name: 'Late',
      credential: authenticator.create(late.body, passkeySite),
    });
    expect(expired.body.code).toBe('passkey_expired');

    // Ben answers Ana's challenge: refused, and the challenge is used up for Ana too.
    const anas = await ana.client.post('/api/auth/passkeys/registration-options');
    const foreign = authenticator.create(anas.body, passkeySite);
    const byBen = await ben.client.post('/api/auth/passkeys', { name: 'Foreign', credential: foreign });
    expect(byBen.status).toBe(400);
    expect(byBen.body.code).toBe('passkey_expired');
    expect((await ana.client.post('/api/auth/passkeys', { name: 'Mine', credential: foreign })).status).toBe(
      400,
    );

    const signIn = await t.current.client().post('/api/auth/passkeys/login-options', {});
    const asRegistration = authenticator.create(
      { ...anas.body, challenge: signIn.body.challenge },
      passkeySite,
    );
    const wrongPurpose = await ana.client.post('/api/auth/passkeys', {
      name: 'X',
      credential: asRegistration,
    });
    expect(wrongPurpose.body.code).toBe('passkey_expired');
    expect((await ana.client.get('/api/auth/passkeys')).body.items).toEqual([]);
  });

  it('refuses a passkey made on another origin or for another RP ID', async () => {
    const user = await signUp(t.current);
    const authenticator = new SoftwareAuthenticator();
    const evilOrigin = await addPasskeyThrough(user.client, authenticator, 'Phished', {
      origin: 'https://ipam.example.com.evil.test',
      rpId: passkeySite.rpId,
    });
    expect(evilOrigin.status).toBe(400);
    expect(evilOrigin.body).toEqual({ error: expect.any(String), code: 'passkey_invalid' });
    const evilRp = await addPasskeyThrough(user.client, authenticator, 'Phished', {
      origin: passkeySite.origin,
      rpId: 'evil.test',
    });
    expect(evilRp.body.code).toBe('passkey_invalid');
    expect((await user.client.get('/api/auth/passkeys')).body.items).toEqual([]);
  });

  it('renames and removes only with proof; another user’s passkey is 404; History records each', async () => {
    const user = await userWithPasskey(t.current);
    const other = await userWithPasskey(t.current);
    const elsewhere = (await passwordStep(t.current, user.email)).client;
    const path = `/api/auth/passkeys/${user.passkeyId}`;
    const renamed = await user.client.request('PATCH', path, { name: 'Work laptop' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Work laptop');
    expect((await user.client.request('PATCH', path, { name: ' ' })).body.fields).toEqual({
      name: 'Give the passkey a name.',
    });
    expect((await other.client.request('PATCH', path, { name: 'Mine now' })).status).toBe(404);
    expect((await other.client.post(`${path}/remove`, { password: 'correct horse battery' })).status).toBe(
      404,
    );

    const wrong = await user.client.post(`${path}/remove`, { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('wrong_password');
    expect((await user.client.post(`${path}/remove`, {})).status).toBe(400);
    const removed = await user.client.post(`${path}/remove`, { password: 'correct horse battery' });
    expect(removed.status).toBe(204);
    expect((await user.client.get('/api/auth/passkeys')).body.items).toEqual([]);
    expect((await user.client.get('/api/auth/me')).body.hasSecondFactor).toBe(false);
    expect((await other.client.get('/api/auth/passkeys')).body.items).toHaveLength(1);

    const history = (await user.client.get(`/api/accounts/${user.accountId}/audit`)).body.items;
    expect(history.slice(0, 2)).toMatchObject([
      { entity: 'passkey', action: 'delete', before: { passkey: 'Work laptop', method: 'passkey' } },
      {
        entity: 'passkey',
        action: 'update',
        before: { passkey: 'Laptop' },
        after: { passkey: 'Work laptop' },
      },
    ]);
    // Ended by the removal (a factor change), not by the rename.
    expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
  });

  it('is refused on a server reached by an IP address without PUBLIC_URL (browsers need a name)', async () => {
    const user = await signUp(t.current);
    // The test app's own address is 127.0.0.1, but PUBLIC_URL names it here; a bare app has no name.
    const app = await buildTestApp(t.current.database);
    try {
      const client = app.client();
      client.cookies.set('ipam_session', user.client.cookies.get('ipam_session') ?? '');
      const options = await client.post('/api/auth/passkeys/registration-options');
      expect(options.status).toBe(409);
      expect(options.body.code).toBe('passkey_unavailable');
    } finally {
      await app.app.close();
    }
  });
});
