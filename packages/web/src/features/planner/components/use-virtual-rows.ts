import { startTransition, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { needsNewRange, scrollToShow, visibleRange } from '../lib/virtual-range.js';

/** Tallest a scroll box grows before its rows scroll inside it (PL-108: the page itself does not). */
const maxViewport = 560;
/** Rows rendered beyond each edge of the view: the window moves only every `overscan` rows of scrolling. */
const overscan = 16;

/**
 * Renders only the rows in view of a fixed-row-height scroll box (2,000-subnet plans stay
 * responsive, as the address table does). The box is as tall as its rows, up to maxViewport.
 */
export function useVirtualRows(count: number, rowHeight: number, headerHeight = 0) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const viewport = Math.min(count * rowHeight, maxViewport);
  const range = visibleRange(scrollTop, viewport, rowHeight, count, overscan);

  useLayoutEffect(() => {
    // Fewer rows (a collapse) or taller ones (Show Details) move what is in view. Reading scrollTop
    // forces a layout, so only then, never while scrolling.
    const box = boxRef.current;
    if (box) setScrollTop(box.scrollTop);
  }, [count, rowHeight]);

  const onScroll = (event: React.UIEvent<HTMLDivElement>) => {
    const top = event.currentTarget.scrollTop;
    // Re-render only when the rendered rows no longer cover the view.
    // A transition: React mounts the next rows in slices, so a fast flick never blocks the page.
    if (needsNewRange(range, top, viewport, rowHeight, count)) startTransition(() => setScrollTop(top));
  };

  const scrollToIndex = useCallback(
    (index: number) => {
      const box = boxRef.current;
      if (!box) return;
      const target = scrollToShow(index, box.scrollTop, viewport, rowHeight);
      if (target !== null) {
        box.scrollTop = target;
        setScrollTop(target);
      }
    },
    [viewport, rowHeight],
  );

  return { boxRef, boxHeight: viewport + headerHeight, onScroll, range, scrollToIndex };
}
