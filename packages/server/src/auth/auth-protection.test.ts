import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { goodPassword, uniqueEmail, useTestApp } from '../../test/factories.js';

/** Collects every log line the app writes. */
function logCollector(): { stream: Writable; text(): string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString('utf8'));
      callback();
    },
  });
  return { stream, text: () => chunks.join('') };
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`login and sign-up rate limit (${dialect})`, () => {
    const t = useTestApp(dialect, { AUTH_RATE_LIMIT_PER_IP: '6', AUTH_RATE_LIMIT_PER_EMAIL: '3' });

    it('answers 429 after too many attempts for one e-mail, then for one client', async () => {
      const client = t.current.client();
      const email = uniqueEmail('target');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await client.post('/api/auth/login', { email, password: `guess ${i}` })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const limited = await client.post('/api/auth/login', { email, password: goodPassword });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        error: 'Too many attempts. Please wait a few minutes and try again.',
        code: 'rate_limited',
      });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // 5 attempts used from this client; the 6th (a new e-mail) passes, the 7th does not.
      const sixth = await client.post('/api/auth/signup', { email: uniqueEmail(), password: goodPassword });
      expect(sixth.status).toBe(201);
      const seventh = await client.post('/api/auth/signup', { email: uniqueEmail(), password: goodPassword });
      expect(seventh.status).toBe(429);
    });
  });

  describeOn(dialect)(`cookies behind https (${dialect})`, () => {
    const t = useTestApp(dialect, { PUBLIC_URL: 'https://ipam.example.com' });

    it('marks the session cookie Secure and accepts writes from the public origin', async () => {
      const client = t.current.client({ origin: 'https://ipam.example.com' });
      const response = await client.post('/api/auth/signup', {
        email: uniqueEmail(),
        password: goodPassword,
      });
      expect(response.status).toBe(201);
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith('ipam_session='));
      expect(cookie).toMatch(/; Secure/i);
      expect(response.headers.get('strict-transport-security')).toContain('max-age=');
    });
  });

  describeOn(dialect)(`logs (${dialect})`, () => {
    const logs = logCollector();
    const t = useTestApp(dialect, { LOG_LEVEL: 'trace' }, { logStream: logs.stream });

    it('never contain a password, a session token or a cookie', async () => {
      const client = t.current.client();
      const email = uniqueEmail('logged');
      const password = 'very secret phrase 42';
      await client.post('/api/auth/signup', { email, password });
      await client.post('/api/auth/login', { email, password: 'wrong secret phrase 43' });
      await client.post('/api/auth/login', { email, password });
      const token = client.cookies.get('ipam_session') ?? '';
      expect(token.length).toBeGreaterThan(20);
      await client.get('/api/auth/me');
      await client.post('/api/auth/logout', {});
      const text = logs.text();
      expect(text).toContain('/api/auth/login');
      expect(text).not.toContain(password);
      expect(text).not.toContain('wrong secret phrase 43');
      expect(text).not.toContain(token);
      expect(text).not.toContain('ipam_session=');
    });
  });
}
