import { describe, expect, it } from 'vitest';
import { memoryCounters } from '../limits/rate-counters.js';
import { createAttemptLimiter, loginDelayMs, MAX_LOGIN_DELAY_MS } from './attempt-limiter.js';

const limits = { perIp: 30, perEmail: 10, windowMs: 60_000 };

describe('login delay (issue 19: per e-mail only slows down)', () => {
  it('is nothing up to the per-e-mail count, then doubles from 250 ms up to 5 s', () => {
    expect([0, 10].map((n) => loginDelayMs(n, 10))).toEqual([0, 0]);
    expect([11, 12, 13, 14, 15, 16, 17, 100].map((n) => loginDelayMs(n, 10))).toEqual([
      250,
      500,
      1000,
      2000,
      4000,
      MAX_LOGIN_DELAY_MS,
      MAX_LOGIN_DELAY_MS,
      MAX_LOGIN_DELAY_MS,
    ]);
  });
});

describe('memory counters (issue 19: bounded memory)', () => {
  it('keep at most their cap of keys, dropping the least recently used', async () => {
    const counters = memoryCounters(60_000, 1000);
    for (let i = 0; i < 300_000; i++) await counters.add(`email:user${i}@example.com`);
    expect(counters.size()).toBe(1000);
    expect((await counters.read(['email:user0@example.com']))[0]?.count).toBe(0);
    expect((await counters.read(['email:user299999@example.com']))[0]?.count).toBe(1);
  });

  it('start a new window once the last one ended', async () => {
    let now = 1_000_000;
    const counters = memoryCounters(1000, 10, () => now);
    await counters.add('k');
    expect(await counters.add('k')).toEqual({ count: 2, windowEndsAt: 1_001_000 });
    now = 1_001_000;
    expect(await counters.add('k')).toEqual({ count: 1, windowEndsAt: 1_002_000 });
  });

  it('gain no keys from a client past its limit, whatever e-mails it tries', async () => {
    const counters = memoryCounters(60_000);
    const limiter = createAttemptLimiter(limits, counters);
    for (let i = 0; i < limits.perIp; i++) {
      expect((await limiter.beforeLogin('192.0.2.1', `u${i}@example.com`)).allowed).toBe(true);
      await limiter.loginFailed('192.0.2.1', `u${i}@example.com`);
    }
    const size = counters.size();
    for (let i = 0; i < 10_000; i++) {
      expect((await limiter.beforeLogin('192.0.2.1', `new${i}@example.com`)).allowed).toBe(false);
    }
    expect(counters.size()).toBe(size);
  });

  it("refuse a client's pair after its failures but let another client in with a delay", async () => {
    const limiter = createAttemptLimiter(limits, memoryCounters(60_000));
    for (const ip of ['192.0.2.1', '192.0.2.2']) {
      for (let i = 0; i < limits.perEmail; i++) await limiter.loginFailed(ip, 'Owner@Example.com ');
      expect((await limiter.beforeLogin(ip, 'owner@example.com')).allowed).toBe(false);
    }
    expect(await limiter.beforeLogin('192.0.2.3', 'owner@example.com')).toEqual({
      allowed: true,
      delayMs: loginDelayMs(2 * limits.perEmail, limits.perEmail),
    });
  });
});
