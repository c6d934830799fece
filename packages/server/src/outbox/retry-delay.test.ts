import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './retry-delay.js';

describe('retryDelayMs', () => {
  it('doubles from the base per attempt made', () => {
    expect(retryDelayMs(1, 1000, 60_000, () => 1)).toBe(1000);
    expect(retryDelayMs(2, 1000, 60_000, () => 1)).toBe(2000);
    expect(retryDelayMs(5, 1000, 60_000, () => 1)).toBe(16_000);
  });

  it('never exceeds the cap', () => {
    expect(retryDelayMs(30, 1000, 60_000, () => 1)).toBe(60_000);
  });

  it('keeps at least half of the delay whatever the jitter', () => {
    expect(retryDelayMs(3, 1000, 60_000, () => 0)).toBe(2000);
    expect(retryDelayMs(3, 1000, 60_000, () => 0.5)).toBe(3000);
  });
});
