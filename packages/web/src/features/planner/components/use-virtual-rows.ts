import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { scrollToShow, visibleRange } from '../lib/virtual-range.js';

/** Tallest a scroll box grows before its rows scroll inside it (PL-108: the page itself does not). */
const maxViewport = 560;

/**
 * Renders only the rows in view of a fixed-row-height scroll box (2,000-subnet plans stay
 * responsive, as the address table does). The box is as tall as its rows, up to maxViewport.
 */
export function useVirtualRows(count: number, rowHeight: number, headerHeight = 0) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const viewport = Math.min(count * rowHeight, maxViewport);
  const range = visibleRange(scrollTop, viewport, rowHeight, count);

  useLayoutEffect(() => {
    // Fewer rows (a collapse, a filter) can leave the box scrolled past its end.
    const box = boxRef.current;
    if (box && box.scrollTop !== scrollTop) setScrollTop(box.scrollTop);
  }, [count, scrollTop]);

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

  return {
    boxRef,
    boxHeight: viewport + headerHeight,
    onScroll: (event: React.UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop),
    range,
    scrollToIndex,
  };
}
