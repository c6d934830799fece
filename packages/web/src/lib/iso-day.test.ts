import { describe, expect, it } from 'vitest';
import { isoDay } from './iso-day.js';

describe('isoDay', () => {
  it('formats the local date as YYYY-MM-DD', () => {
    expect(isoDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(isoDay(new Date(2026, 10, 22, 0, 0))).toBe('2026-11-22');
  });
});
