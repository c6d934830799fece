import { expect, it } from 'vitest';
import { sessionIdleMs, sessionIdOf } from './sessions.js';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { signUp, useTestApp, type TestApp } from '../../test/factories.js';

/** Sets the stored expiry of the client's session. */
async function setExpiry(t: TestApp, token: string, expiresAt: Date): Promise<void> {
  await t.db
    .updateTable('sessions')
    .set({ expires_at: expiresAt.toISOString() })
    .where('id', '=', sessionIdOf(token))
    .execute();
}

/** The stored expiry of the client's session. */
async function expiryOf(t: TestApp, token: string): Promise<number> {
  const row = await t.db
    .selectFrom('sessions')
    .select('expires_at')
    .where('id', '=', sessionIdOf(token))
    .executeTakeFirstOrThrow();
  return Date.parse(row.expires_at);
}

/** Account routes read the session joined with the membership: the same answers as two look-ups. */
for (const dialect of DIALECTS) {
  describeOn(dialect)(`session on account routes (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('refuses a logged-out cookie on the next request (401), even a copy of it', async () => {
      const { client, accountId } = await signUp(t.current);
      const copy = t.current.client();
      copy.cookies.set('ipam_session', client.cookies.get('ipam_session') ?? '');
      expect((await copy.get(`/api/accounts/${accountId}/subnets`)).status).toBe(200);
      expect((await client.post('/api/auth/logout', {})).status).toBe(204);
      const after = await copy.get(`/api/accounts/${accountId}/subnets`);
      expect(after.status).toBe(401);
      expect(after.body.code).toBe('not_signed_in');
    });

    it('refuses an expired session (401) and tells a signed-in outsider not found (404)', async () => {
      const owner = await signUp(t.current);
      const outsider = await signUp(t.current);
      const outsiderAnswer = await outsider.client.get(`/api/accounts/${owner.accountId}`);
      expect(outsiderAnswer.status).toBe(404);
      expect(outsiderAnswer.body.code).toBe('not_found');
      await setExpiry(
        t.current,
        outsider.client.cookies.get('ipam_session') ?? '',
        new Date(Date.now() - 1000),
      );
      expect((await outsider.client.get(`/api/accounts/${owner.accountId}`)).status).toBe(401);
      expect((await outsider.client.get(`/api/accounts/${outsider.accountId}`)).status).toBe(401);
      expect((await owner.client.get(`/api/accounts/${owner.accountId}`)).status).toBe(200);
    });

    it('slides the idle expiry of a session used only on account routes', async () => {
      const { client, accountId } = await signUp(t.current);
      const token = client.cookies.get('ipam_session') ?? '';
      // Last moved two hours ago: the next request moves it (it moves at most once an hour).
      await setExpiry(t.current, token, new Date(Date.now() + sessionIdleMs - 2 * 60 * 60 * 1000));
      const before = await expiryOf(t.current, token);
      expect((await client.get(`/api/accounts/${accountId}/groups`)).status).toBe(200);
      const moved = await expiryOf(t.current, token);
      expect(moved).toBeGreaterThan(before + 60 * 60 * 1000);
      expect((await client.get(`/api/accounts/${accountId}/groups`)).status).toBe(200);
      expect(await expiryOf(t.current, token)).toBe(moved);
    });
  });
}
