import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterScroll,
  MAX_SCROLL_HEIGHT,
  positionOfRow,
  rowTop,
  scaledLayout,
  visibleRows,
} from './scaled-scroll.js';

const rowHeight = 36;
const viewport = 540; // 15 rows
const slash8 = 2 ** 24 - 2;

describe('scaled scrolling', () => {
  it('scrolls a small list one to one', () => {
    const layout = scaledLayout(254, rowHeight, viewport);
    expect(layout.realHeight).toBe(254 * rowHeight);
    const position = afterScroll(layout, { scrollTop: 0, offset: 0 }, 3600);
    expect(position).toEqual({ scrollTop: 3600, offset: 0 });
    expect(visibleRows(layout, position)).toEqual({ first: 100, last: 114 });
  });

  it('keeps the scrolled element of a /8 within browser limits and reaches both ends', () => {
    const layout = scaledLayout(slash8, rowHeight, viewport);
    expect(layout.realHeight).toBe(MAX_SCROLL_HEIGHT);
    const top = afterScroll(layout, { scrollTop: 1000, offset: 0 }, 0);
    expect(visibleRows(layout, top)).toEqual({ first: 0, last: 14 });
    // Dragging the scrollbar to the bottom shows the very last rows.
    const bottom = afterScroll(layout, { scrollTop: 0, offset: 0 }, layout.realHeight - viewport);
    expect(visibleRows(layout, bottom)).toEqual({ first: slash8 - 15, last: slash8 - 1 });
    expect(rowTop(layout, bottom, slash8 - 1) + rowHeight).toBeCloseTo(layout.realHeight, 0);
  });

  it('jumps in proportion when the scrollbar is dragged to the middle', () => {
    const layout = scaledLayout(slash8, rowHeight, viewport);
    const middle = afterScroll(layout, { scrollTop: 0, offset: 0 }, (layout.realHeight - viewport) / 2);
    const rows = visibleRows(layout, middle);
    expect(Math.abs((rows?.first ?? 0) - slash8 / 2)).toBeLessThan(slash8 / 100);
  });

  it('moves exactly one wheel step at a time, also across page boundaries', () => {
    const layout = scaledLayout(slash8, rowHeight, viewport);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: slash8 - 20 }),
        fc.integer({ min: -500, max: 500 }),
        (row, step) => {
          const start = positionOfRow(layout, row);
          const moved = afterScroll(layout, start, start.scrollTop + step);
          const before = start.scrollTop + start.offset;
          const after = moved.scrollTop + moved.offset;
          const bottom = layout.virtualHeight - viewport;
          expect(after).toBe(Math.min(Math.max(0, before + step), bottom));
          expect(moved.scrollTop).toBeGreaterThanOrEqual(0);
          expect(moved.scrollTop).toBeLessThanOrEqual(layout.realHeight - viewport);
        },
      ),
    );
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
