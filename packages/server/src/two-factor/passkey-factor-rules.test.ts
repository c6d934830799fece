import { expect, it } from 'vitest';
import { runAdmin } from '../cli/admin-command.js';
import { describeEachDialect } from '../../test/dialects.js';
import { signUp, uniqueEmail, useTestApp } from '../../test/factories.js';
import {
  addPasskeyThrough,
  passkeyAnswer,
  passkeyEnv,
  userWithPasskey,
} from '../../test/passkey-factories.js';
import { SoftwareAuthenticator } from '../../test/software-authenticator.js';
import { passwordStep } from '../../test/two-factor-factories.js';

describeEachDialect('passkeys as a second factor of the rules (%s)', (dialect) => {
  const t = useTestApp(dialect, passkeyEnv);

  it("count for the owner's requirement: an owner or member with only a passkey passes", async () => {
    const owner = await userWithPasskey(t.current);
    const memberEmail = uniqueEmail('member');
    await owner.client.post(`/api/accounts/${owner.accountId}/invites`, { email: memberEmail });
    const member = await signUp(t.current, memberEmail);
    const on = await owner.client.put(`/api/accounts/${owner.accountId}/security`, {
      requireSecondFactor: true,
    });
    expect(on.status).toBe(200);
    const subnets = `/api/accounts/${owner.accountId}/subnets`;
    expect((await member.client.get(subnets)).body.code).toBe('second_factor_required');

    const authenticator = new SoftwareAuthenticator();
    expect((await addPasskeyThrough(member.client, authenticator)).status).toBe(201);
    expect((await member.client.get('/api/auth/me')).body.hasSecondFactor).toBe(true);
    expect((await member.client.get(subnets)).status).toBe(200);
    // Signed in with the passkey alone, the member reaches the account too.
    const client = t.current.client();
    const { credential } = await passkeyAnswer(client, authenticator);
    expect((await client.post('/api/auth/passkeys/login', { credential })).status).toBe(200);
    expect((await client.get(subnets)).status).toBe(200);
  });

  it('are removed by `ipam admin reset-2fa`, with their count in History', async () => {
    const user = await userWithPasskey(t.current);
    expect((await addPasskeyThrough(user.client, new SoftwareAuthenticator(), 'Spare')).status).toBe(201);
    const lines = { out: '', err: '' };
    const code = await runAdmin(
      t.current.db,
      ['reset-2fa', user.email],
      (text) => (lines.out += text),
      (text) => (lines.err += text),
    );
    expect(code).toBe(0);
    expect(lines.out).toBe(`Two-factor sign-in removed for ${user.email}; 1 session(s) ended.\n`);
    const refused = await passkeyAnswer(t.current.client(), user.authenticator);
    const alone = await t.current
      .client()
      .post('/api/auth/passkeys/login', { credential: refused.credential });
    expect(alone.body.code).toBe('passkey_invalid');

    const { client, response } = await passwordStep(t.current, user.email);
    expect(response.body.user.email).toBe(user.email);
    expect((await client.get('/api/auth/passkeys')).body.items).toEqual([]);
    const history = (await client.get(`/api/accounts/${user.accountId}/audit`)).body.items;
    expect(history[1]).toMatchObject({
      entity: 'two_factor',
      action: 'delete',
      actor: 'ipam admin reset-2fa',
      before: { passkeysRemoved: 2, resetBy: 'ipam admin reset-2fa' },
    });
  });
});
