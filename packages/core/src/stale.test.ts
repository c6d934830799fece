import { describe, expect, it } from 'vitest';
import { isStale, staleCutoff } from './stale.js';

const now = new Date('2026-11-27T12:00:00.000Z');

describe('staleCutoff', () => {
  it('is the given number of whole days before now', () => {
    expect(staleCutoff(now, 1)).toBe('2026-11-26T12:00:00.000Z');
    expect(staleCutoff(now, 30)).toBe('2026-10-28T12:00:00.000Z');
  });
});

describe('isStale', () => {
  it('marks an address last seen before the cutoff', () => {
    expect(isStale('2026-11-20T11:59:59.999Z', 7, now)).toBe(true);
  });

  it('does not mark one seen at or after the cutoff', () => {
    expect(isStale('2026-11-20T12:00:00.000Z', 7, now)).toBe(false);
    expect(isStale('2026-11-27T11:00:00.000Z', 7, now)).toBe(false);
  });

  it('never marks an address no scanner saw', () => {
    expect(isStale(null, 7, now)).toBe(false);
  });

  it('marks nothing in a subnet without "stale after"', () => {
    expect(isStale('2020-01-01T00:00:00.000Z', null, now)).toBe(false);
  });
});
