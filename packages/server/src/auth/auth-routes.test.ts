import { expect, it } from 'vitest';
import { sessionIdOf } from './sessions.js';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { goodPassword, signUp, uniqueEmail, useTestApp } from '../../test/factories.js';

for (const dialect of DIALECTS) {
  describeOn(dialect)(`auth routes (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('signs a new user up with one Free account they own, and signs them in', async () => {
      const client = t.current.client();
      const email = uniqueEmail('New');
      const response = await client.post('/api/auth/signup', {
        email: `  ${email.toUpperCase()} `,
        password: goodPassword,
      });
      expect(response.status).toBe(201);
      expect(response.body.user.email).toBe(email.toLowerCase());
      expect(response.body.user.lastLogin).toEqual(expect.any(String));
      expect(response.body.accounts).toHaveLength(1);
      const [account] = response.body.accounts;
      expect(account).toMatchObject({
        reference: email.toLowerCase(),
        tier: 0,
        tierName: 'Free',
        maxnetworks: 2,
        maxusers: 2,
        uid: response.body.user.id,
        isOwner: true,
        subId: null,
      });
      expect(response.body.currentAccountId).toBe(account.id);
      const me = await client.get('/api/auth/me');
      expect(me.status).toBe(200);
      expect(me.body.user.id).toBe(response.body.user.id);
    });

    it('sets an HttpOnly, SameSite=Lax session cookie that is not Secure on plain http', async () => {
      const response = await t.current.client().post('/api/auth/signup', {
        email: uniqueEmail(),
        password: goodPassword,
      });
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith('ipam_session='));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/Secure/i);
    });

    it("answers the spec's messages for bad sign-ups", async () => {
      const client = t.current.client();
      const short = await client.post('/api/auth/signup', { email: uniqueEmail(), password: 'short' });
      expect(short.status).toBe(400);
      expect(short.body).toMatchObject({
        error: 'Password must be at least 8 characters long.',
        code: 'validation_failed',
        fields: { password: 'Password must be at least 8 characters long.' },
      });
      const badEmail = await client.post('/api/auth/signup', {
        email: 'not-an-email',
        password: goodPassword,
      });
      expect(badEmail.status).toBe(400);
      expect(badEmail.body.error).toBe('Invalid email address.');
      const email = uniqueEmail();
      const weak = await client.post('/api/auth/signup', { email, password: email });
      expect(weak.status).toBe(400);
      expect(weak.body.error).toBe('Password is too weak.');
      const sameChar = await client.post('/api/auth/signup', { email, password: 'aaaaaaaaaa' });
      expect(sameChar.body.error).toBe('Password is too weak.');
      const extra = await client.post('/api/auth/signup', { email, password: goodPassword, admin: true });
      expect(extra.status).toBe(400);
      expect(extra.body.code).toBe('validation_failed');
    });

    it('refuses a second sign-up with the same e-mail, in any letter case', async () => {
      const { email } = await signUp(t.current);
      const again = await t.current.client().post('/api/auth/signup', {
        email: email.toUpperCase(),
        password: goodPassword,
      });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ error: 'Email already in use.', code: 'email_in_use' });
    });

    it('answers "Login failed." alike for a wrong password and an unknown e-mail', async () => {
      const { email } = await signUp(t.current);
      const client = t.current.client();
      const wrong = await client.post('/api/auth/login', { email, password: 'wrong password' });
      const unknown = await client.post('/api/auth/login', { email: uniqueEmail(), password: goodPassword });
      for (const response of [wrong, unknown]) {
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ error: 'Login failed.', code: 'login_failed' });
      }
      expect(client.cookies.has('ipam_session')).toBe(false);
    });

    it('issues a new session id at every login and stores only its hash', async () => {
      const { email, client: first } = await signUp(t.current);
      const second = t.current.client();
      const login = await second.post('/api/auth/login', {
        email: ` ${email.toUpperCase()}`,
        password: goodPassword,
      });
      expect(login.status).toBe(200);
      const firstToken = first.cookies.get('ipam_session');
      const secondToken = second.cookies.get('ipam_session');
      expect(secondToken).toBeTruthy();
      expect(secondToken).not.toBe(firstToken);
      const rows = await t.current.db.selectFrom('sessions').select('id').execute();
      const ids = rows.map((r) => r.id);
      expect(ids).toContain(sessionIdOf(secondToken ?? ''));
      expect(ids).not.toContain(secondToken);
    });

    it('ends the session server-side at logout, even for a copied cookie', async () => {
      const { client } = await signUp(t.current);
      const copy = t.current.client();
      copy.cookies.set('ipam_session', client.cookies.get('ipam_session') ?? '');
      expect((await copy.get('/api/auth/me')).status).toBe(200);
      const logout = await client.post('/api/auth/logout', {});
      expect(logout.status).toBe(204);
      expect(client.cookies.has('ipam_session')).toBe(false);
      const after = await copy.get('/api/auth/me');
      expect(after.status).toBe(401);
      expect(after.body.code).toBe('not_signed_in');
    });

    it("keeps the chosen account in the accountId cookie, only among the user's accounts", async () => {
      const owner = await signUp(t.current);
      const other = await signUp(t.current);
      const refused = await owner.client.put('/api/auth/current-account', { accountId: other.accountId });
      expect(refused.status).toBe(404);
      const chosen = await owner.client.put('/api/auth/current-account', { accountId: owner.accountId });
      expect(chosen.status).toBe(200);
      expect(chosen.body.currentAccountId).toBe(owner.accountId);
      const cookie = chosen.headers.getSetCookie().find((c) => c.startsWith('accountId='));
      expect(cookie).toMatch(/Max-Age=31536000/);
      // A forged cookie naming someone else's account falls back to the first linked account.
      owner.client.cookies.set('accountId', other.accountId);
      const me = await owner.client.get('/api/auth/me');
      expect(me.body.currentAccountId).toBe(owner.accountId);
    });

    it('ends a session that has been idle past its expiry', async () => {
      const { client } = await signUp(t.current);
      const token = client.cookies.get('ipam_session') ?? '';
      await t.current.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', sessionIdOf(token))
        .execute();
      expect((await client.get('/api/auth/me')).status).toBe(401);
    });

    it('answers 401 to /api/auth/me without a session', async () => {
      const response = await t.current.client().get('/api/auth/me');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'User is not authenticated.', code: 'not_signed_in' });
    });
  });
}
