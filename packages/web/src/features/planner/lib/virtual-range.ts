/** The rows a scroll box shows, plus some either side so fast scrolling does not flash blanks. */
export interface VirtualRange {
  start: number;
  /** One past the last row rendered. */
  end: number;
  padTop: number;
  padBottom: number;
}

/** Which of `count` fixed-height rows to render for a scroll position (the rest are two spacers). */
export function visibleRange(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan = 8,
): VirtualRange {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const shown = Math.ceil(viewportHeight / rowHeight) + 1;
  const start = Math.min(count, Math.max(0, first - overscan));
  const end = Math.min(count, first + shown + overscan);
  return { start, end, padTop: start * rowHeight, padBottom: (count - end) * rowHeight };
}

/** The scroll position that brings row `index` into view, or null when it is already visible. */
export function scrollToShow(
  index: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
): number | null {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewportHeight) return top + rowHeight - viewportHeight;
  return null;
}

/** Whether the rows rendered for `range` leave part of the view at `scrollTop` empty. */
export function needsNewRange(
  range: VirtualRange,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
): boolean {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.min(count, Math.ceil((scrollTop + viewportHeight) / rowHeight));
  return first < range.start || last > range.end;
}
