import { expect, it } from 'vitest';
import { createTestDatabase, describeOn, DIALECTS } from '../../test/dialects.js';
import { buildTestApp, goodPassword, logCollector, uniqueEmail, useTestApp } from '../../test/factories.js';
import { loginDelayMs } from '../http/attempt-limiter.js';
import { addCount, clearCount, readCounts } from '../limits/rate-counter-repository.js';

for (const dialect of DIALECTS) {
  describeOn(dialect)(`login and sign-up limits (${dialect})`, () => {
    // Clients are told apart by X-Forwarded-For here (TRUST_PROXY); nothing is sent to those addresses.
    const t = useTestApp(dialect, {
      AUTH_RATE_LIMIT_PER_IP: '6',
      AUTH_RATE_LIMIT_PER_EMAIL: '3',
      TRUST_PROXY: 'true',
    });
    const from = (ip: string) => t.current.client({ 'x-forwarded-for': ip });

    it('refuses a client after its failures for one e-mail, then for every e-mail and sign-up', async () => {
      const email = uniqueEmail('target');
      await from('203.0.113.1').post('/api/auth/signup', { email, password: goodPassword });
      const attacker = from('203.0.113.2');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await attacker.post('/api/auth/login', { email, password: `guess ${i}` })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const limited = await attacker.post('/api/auth/login', { email, password: goodPassword });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        error: 'Too many attempts. Please wait a few minutes and try again.',
        code: 'rate_limited',
      });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // 3 failures so far; 3 more for other e-mails reach the client's limit of 6.
      for (let i = 0; i < 3; i += 1) {
        const other = await attacker.post('/api/auth/login', { email: uniqueEmail(), password: 'nope nope' });
        expect(other.status).toBe(401);
      }
      expect((await attacker.post('/api/auth/login', { email: uniqueEmail(), password: 'x' })).status).toBe(
        429,
      );
      const signUpRefused = await attacker.post('/api/auth/signup', {
        email: uniqueEmail(),
        password: goodPassword,
      });
      expect(signUpRefused.status).toBe(429);
    });

    it('never locks the owner out: failures elsewhere only slow their right password down', async () => {
      const email = uniqueEmail('owner');
      await from('198.51.100.1').post('/api/auth/signup', { email, password: goodPassword });
      // Two attackers fail 3 times each: 6 failures for the e-mail, 3 over the per-e-mail count.
      for (const ip of ['198.51.100.2', '198.51.100.3']) {
        for (let i = 0; i < 3; i += 1) {
          expect((await from(ip).post('/api/auth/login', { email, password: `guess ${i}` })).status).toBe(
            401,
          );
        }
        expect((await from(ip).post('/api/auth/login', { email, password: goodPassword })).status).toBe(429);
      }
      const started = Date.now();
      const owner = await from('198.51.100.4').post('/api/auth/login', { email, password: goodPassword });
      expect(owner.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(loginDelayMs(6, 3) - 50);
      expect(loginDelayMs(6, 3)).toBe(1000);
    });

    it("forgets a client's failures for an e-mail once it logs in with the right password", async () => {
      const email = uniqueEmail('typo');
      const client = from('192.0.2.10');
      await client.post('/api/auth/signup', { email, password: goodPassword });
      // Without the reset, the second round's second typo would be the pair's third failure: 429.
      for (let round = 0; round < 2; round += 1) {
        for (let i = 0; i < 2; i += 1) {
          expect((await client.post('/api/auth/login', { email, password: 'typo typo' })).status).toBe(401);
        }
        expect((await client.post('/api/auth/login', { email, password: goodPassword })).status).toBe(200);
      }
    });
  });

  describeOn(dialect)(`the attempt counters in the database (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('count atomically per key, start a new window once one ends, and forget on clear', async () => {
      const db = t.current.db;
      const key = `client:${uniqueEmail()}`;
      const now = Date.now();
      const counts = await Promise.all(Array.from({ length: 10 }, () => addCount(db, key, now, 60_000)));
      expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(await readCounts(db, [key, 'client:none'], now)).toEqual([
        { count: 10, windowEndsAt: now + 60_000 },
        { count: 0, windowEndsAt: 0 },
      ]);
      const later = now + 60_001;
      expect((await readCounts(db, [key], later))[0]?.count).toBe(0);
      expect(await addCount(db, key, later, 60_000)).toEqual({ count: 1, windowEndsAt: later + 60_000 });
      await clearCount(db, key);
      expect((await readCounts(db, [key], later))[0]?.count).toBe(0);
    });
  });

  describeOn(dialect)(`cookies behind https (${dialect})`, () => {
    const t = useTestApp(dialect, { PUBLIC_URL: 'https://ipam.example.com', BILLING: 'test' });

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

describeOn('postgres')('login limits across server processes (postgres)', () => {
  it('holds across two servers sharing one PostgreSQL database', async () => {
    const database = await createTestDatabase('postgres');
    const env = { AUTH_RATE_LIMIT_PER_IP: '100', AUTH_RATE_LIMIT_PER_EMAIL: '3' };
    const first = await buildTestApp(database, env);
    const second = await buildTestApp(database, env);
    try {
      const email = uniqueEmail('shared');
      await first.client().post('/api/auth/signup', { email, password: goodPassword });
      const statuses: number[] = [];
      for (const app of [first, second, first, second]) {
        statuses.push((await app.client().post('/api/auth/login', { email, password: 'wrong one' })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await first.app.close();
      await second.app.close();
      await database.destroy();
    }
  });
});
