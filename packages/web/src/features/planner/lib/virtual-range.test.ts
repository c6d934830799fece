import { describe, expect, it } from 'vitest';
import { needsNewRange, scrollToShow, visibleRange } from './virtual-range.js';

describe('virtual rows (2,000-subnet plans stay responsive)', () => {
  it('renders only the rows in view plus overscan, with spacers for the rest', () => {
    const range = visibleRange(4400, 560, 44, 2048, 8);
    expect(range.start).toBe(92);
    expect(range.end).toBe(122);
    expect(range.padTop).toBe(92 * 44);
    expect(range.padTop + (range.end - range.start) * 44 + range.padBottom).toBe(2048 * 44);
  });

  it('renders everything when few rows', () => {
    expect(visibleRange(0, 132, 44, 3)).toEqual({ start: 0, end: 3, padTop: 0, padBottom: 0 });
  });

  it('scrolls just enough to show a row', () => {
    expect(scrollToShow(0, 100, 440, 44)).toBe(0);
    expect(scrollToShow(20, 0, 440, 44)).toBe(21 * 44 - 440);
    expect(scrollToShow(3, 0, 440, 44)).toBeNull();
  });
});

describe('needsNewRange', () => {
  it('keeps the rendered rows while they still cover the view', () => {
    const range = visibleRange(0, 440, 44, 2048, 16);
    expect(range.end).toBe(11 + 16);
    expect(needsNewRange(range, 44 * 10, 440, 44, 2048)).toBe(false);
    expect(needsNewRange(range, 44 * 20, 440, 44, 2048)).toBe(true);
  });
});
