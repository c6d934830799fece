import { observeElementOffset, useVirtualizer } from '@tanstack/react-virtual';
import { startTransition, useLayoutEffect, useRef } from 'react';

/** Tallest a scroll box grows before its rows scroll inside it (PL-108: the page itself does not). */
const maxViewport = 560;
/** Rows rendered beyond each edge of the view, so fast scrolling does not flash blanks. */
const overscan = 16;

/**
 * The rows in view of a fixed-row-height scroll box, windowed by TanStack Virtual (2,000-subnet plans
 * stay responsive). The box is as tall as its rows, up to maxViewport, plus a sticky header of
 * `headerHeight`; the rows outside the window are two spacers, `padTop` and `padBottom`.
 */
export function useVirtualRows(count: number, rowHeight: number, headerHeight = 0) {
  const boxRef = useRef<HTMLDivElement>(null);
  const viewport = Math.min(count * rowHeight, maxViewport);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => boxRef.current,
    estimateSize: () => rowHeight,
    overscan,
    // The header is the first thing in the box: the rows start below it.
    scrollMargin: headerHeight,
    scrollPaddingStart: headerHeight,
    // The box's height is known before it is measured, so the first render has its rows.
    initialRect: { width: 0, height: viewport + headerHeight },
    // Window moves are transitions, not synchronous renders: React mounts the rows coming into view
    // in slices, so a fast flick never blocks the page (bench/planner-web.md).
    useFlushSync: false,
    observeElementOffset: (instance, onOffset) =>
      observeElementOffset(instance, (offset, isScrolling) =>
        startTransition(() => onOffset(offset, isScrolling)),
      ),
  });

  // Show Details makes every row taller: the sizes the virtualizer computed no longer hold.
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  return {
    boxRef,
    boxHeight: viewport + headerHeight,
    items,
    padTop: first ? first.start - headerHeight : 0,
    padBottom: last ? virtualizer.getTotalSize() - (last.end - headerHeight) : 0,
    /** Scrolls just enough to show row `index` (keyboard moves in the tree). */
    scrollToIndex: (index: number) => virtualizer.scrollToIndex(index),
  };
}
