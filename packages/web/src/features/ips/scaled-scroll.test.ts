import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fromScrollbar,
  isScaled,
  keyDistance,
  MAX_SCROLL_HEIGHT,
  positionOfRow,
  rowTop,
  scaledLayout,
  scrolledBy,
  settled,
  visibleRows,
} from './scaled-scroll.js';

const rowHeight = 40;
const viewport = 600; // 15 rows
const slash8 = 2 ** 24 - 2;

describe('scaled scrolling', () => {
  it('scrolls a list that fits natively', () => {
    const layout = scaledLayout(254, rowHeight, viewport);
    expect(isScaled(layout)).toBe(false);
    expect(layout.realHeight).toBe(254 * rowHeight);
    const position = fromScrollbar(layout, 4000);
    expect(position).toEqual({ scrollTop: 4000, offset: 0 });
    expect(visibleRows(layout, position)).toEqual({ first: 100, last: 114 });
  });

  it('keeps the scrolled element of a /8 within browser limits; the scrollbar reaches both ends', () => {
    const layout = scaledLayout(slash8, rowHeight, viewport);
    expect(isScaled(layout)).toBe(true);
    expect(layout.realHeight).toBe(MAX_SCROLL_HEIGHT);
    expect(visibleRows(layout, fromScrollbar(layout, 0))).toEqual({ first: 0, last: 14 });
    const bottom = fromScrollbar(layout, layout.realHeight - viewport);
    expect(visibleRows(layout, bottom)).toEqual({ first: slash8 - 15, last: slash8 - 1 });
    expect(rowTop(layout, bottom, slash8 - 1) + rowHeight).toBe(layout.realHeight);
  });

  it('puts the thumb at x% on the rows at x% of the list', () => {
    const layout = scaledLayout(slash8, rowHeight, viewport);
    for (const share of [0.1, 0.5, 0.9]) {
      const rows = visibleRows(layout, fromScrollbar(layout, (layout.realHeight - viewport) * share));
      expect(Math.abs((rows?.first ?? 0) - (slash8 - 15) * share)).toBeLessThan(2);
    }
  });

  it('moves exactly the wheel or key distance, wherever it starts, and the thumb follows', () => {
    const layout = scaledLayout(slash8, rowHeight, viewport);
    const bottom = layout.virtualHeight - viewport;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: layout.realHeight - viewport }),
        fc.integer({ min: -5000, max: 5000 }),
        fc.integer({ min: -1, max: 1 }),
        (scrollTop, delta, rounding) => {
          const start = fromScrollbar(layout, scrollTop);
          const wanted = scrolledBy(layout, start, delta);
          // The browser may round the scrollTop it is given; the offset absorbs it.
          const moved = settled(wanted, Math.max(0, wanted.scrollTop + rounding));
          const before = start.scrollTop + start.offset;
          expect(moved.scrollTop + moved.offset).toBe(Math.min(Math.max(0, before + delta), bottom));
          expect(moved.scrollTop).toBeLessThanOrEqual(layout.realHeight - viewport + 1);
          // The thumb stays in proportion, within a pixel or two.
          expect(Math.abs(moved.scrollTop * layout.ratio - (moved.scrollTop + moved.offset))).toBeLessThan(
            2 * layout.ratio,
          );
        },
      ),
    );
  });

  it('Home and End go to the ends; other keys move by a row or a page', () => {
    const layout = scaledLayout(slash8, rowHeight, viewport);
    const middle = fromScrollbar(layout, layout.realHeight / 2);
    const end = scrolledBy(layout, middle, keyDistance(layout, 'End') ?? 0);
    expect(visibleRows(layout, end)?.last).toBe(slash8 - 1);
    expect(visibleRows(layout, scrolledBy(layout, middle, keyDistance(layout, 'Home') ?? 0))?.first).toBe(0);
    expect(keyDistance(layout, 'ArrowDown')).toBe(rowHeight);
    expect(keyDistance(layout, 'PageUp')).toBe(-(viewport - rowHeight));
    expect(keyDistance(layout, 'a')).toBeNull();
  });

  it('shows a requested row at the top, however deep', () => {
    const layout = scaledLayout(slash8, rowHeight, viewport);
    for (const row of [0, 1, 123_456, 8_388_607, slash8 - 15]) {
      expect(visibleRows(layout, positionOfRow(layout, row))?.first).toBe(row);
    }
  });

  it('has no visible rows when the list is empty', () => {
    const layout = scaledLayout(0, rowHeight, viewport);
    expect(visibleRows(layout, { scrollTop: 0, offset: 0 })).toBeNull();
  });
});
