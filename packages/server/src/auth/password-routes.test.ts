import { afterAll, expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { goodPassword, signUp, startSmtpSink, uniqueEmail, useTestApp } from '../../test/factories.js';
import { eventually } from '../../test/sse-client.js';
import { issueResetToken } from './password-reset.js';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

/** The reset link of the last mail to `to`, its quoted-printable soft breaks undone. */
function resetLinkTo(to: string): string {
  const mail = smtp.messages.filter((m) => m.to.includes(to)).at(-1);
  const text = (mail?.raw ?? '').replace(/=\r?\n/g, '').replaceAll('=3D', '=');
  const match = /http:\/\/ipam\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link mailed to ${to}`);
  return match[1];
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`password reset by e-mail (${dialect})`, () => {
    const t = useTestApp(dialect, {
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'http://ipam.test',
      BILLING: 'test',
      TRUST_PROXY: 'true',
    });
    let ip = 0;
    const client = () => t.current.client({ 'x-forwarded-for': `10.1.0.${++ip}` });

    it('answers a known and an unknown address alike, and mails only the known one', async () => {
      const user = await signUp(t.current);
      const unknown = uniqueEmail('nobody');
      const known = await client().post('/api/auth/password-reset', { email: user.email.toUpperCase() });
      const other = await client().post('/api/auth/password-reset', { email: unknown });
      expect(known.status).toBe(202);
      expect(other.status).toBe(202);
      expect(known.body).toEqual({ message: messages.resetRequestedMailed });
      expect(other.body).toEqual(known.body);
      await eventually(() => smtp.messages.some((m) => m.to.includes(user.email)));
      expect(smtp.messages.some((m) => m.to.includes(unknown))).toBe(false);
    });

    it('sets the password once with the mailed link and ends every session of the user', async () => {
      const user = await signUp(t.current);
      await client().post('/api/auth/password-reset', { email: user.email });
      await eventually(() => smtp.messages.some((m) => m.to.includes(user.email)));
      const token = resetLinkTo(user.email);
      const weak = await client().post('/api/auth/password-reset/confirm', { token, password: 'password' });
      expect(weak.status).toBe(400);
      expect(weak.body.fields).toEqual({ password: messages.weakPassword });
      const done = await client().post('/api/auth/password-reset/confirm', {
        token,
        password: 'new horse staple',
      });
      expect(done.status).toBe(204);
      expect((await user.client.get('/api/auth/me')).status).toBe(401);
      const login = (password: string) => client().post('/api/auth/login', { email: user.email, password });
      expect((await login(goodPassword)).status).toBe(401);
      expect((await login('new horse staple')).status).toBe(200);
      // Reusing the link is refused and changes nothing.
      const again = await client().post('/api/auth/password-reset/confirm', {
        token,
        password: 'third horse try',
      });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ error: messages.resetLinkInvalid, code: 'reset_link_invalid' });
      expect((await login('new horse staple')).status).toBe(200);
    });

    it('refuses an expired link and an unknown one', async () => {
      const user = await signUp(t.current);
      const token = await issueResetToken(t.current.db, user.userId);
      await t.current.db
        .updateTable('password_resets')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', user.userId)
        .execute();
      const expired = await client().post('/api/auth/password-reset/confirm', {
        token,
        password: 'new horse staple',
      });
      expect(expired.status).toBe(400);
      expect(expired.body.code).toBe('reset_link_invalid');
      const forged = await client().post('/api/auth/password-reset/confirm', {
        token: 'A'.repeat(43),
        password: 'new horse staple',
      });
      expect(forged.status).toBe(400);
      expect((await user.client.get('/api/auth/me')).status).toBe(200);
    });

    it('limits requests per client (429) and mails one address at most 3 times an hour', async () => {
      const user = await signUp(t.current);
      const same = client();
      const before = smtp.messages.length;
      for (let i = 0; i < 10; i++) {
        expect((await same.post('/api/auth/password-reset', { email: user.email })).status).toBe(202);
      }
      const refused = await same.post('/api/auth/password-reset', { email: user.email });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      await eventually(() => smtp.messages.filter((m) => m.to.includes(user.email)).length === 3);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(smtp.messages.length - before).toBe(3);
    });
  });

  describeOn(dialect)(`password reset without e-mail (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('says that no e-mail is sent, for every address, and creates no link', async () => {
      const user = await signUp(t.current);
      const known = await t.current.client().post('/api/auth/password-reset', { email: user.email });
      const unknown = await t.current.client().post('/api/auth/password-reset', { email: uniqueEmail() });
      expect(known.status).toBe(202);
      expect(known.body).toEqual({ message: messages.resetRequestedNoMail });
      expect(unknown.body).toEqual(known.body);
      const stored = await t.current.db.selectFrom('password_resets').selectAll().execute();
      expect(stored).toEqual([]);
    });
  });
}
