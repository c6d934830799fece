import { describe, expect, it } from 'vitest';
import { backoffDelayMs, SERVER_BACKOFF } from './backoff.js';

describe('backoffDelayMs', () => {
  it('doubles from the base and stops at the cap', () => {
    const top = () => 1; // no jitter: the ceiling itself
    expect(
      [1, 2, 3, 4, 7, 8, 9, 50].map((failures) => backoffDelayMs(failures, SERVER_BACKOFF, top)),
    ).toEqual([5_000, 10_000, 20_000, 40_000, 300_000, 300_000, 300_000, 300_000]);
  });

  it('jitters down to half the ceiling, never above it', () => {
    expect(backoffDelayMs(3, SERVER_BACKOFF, () => 0)).toBe(10_000);
    expect(backoffDelayMs(3, SERVER_BACKOFF, () => 0.5)).toBe(15_000);
    for (let i = 0; i < 100; i++) {
      const delay = backoffDelayMs(20, SERVER_BACKOFF);
      expect(delay).toBeGreaterThanOrEqual(150_000);
      expect(delay).toBeLessThanOrEqual(300_000);
    }
  });
});
