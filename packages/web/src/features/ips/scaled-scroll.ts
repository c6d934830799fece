/**
 * Scrolling through more rows than a browser can lay out. Chrome stops growing an element near 33M
 * pixels and Firefox near 18M, while a /8 has 16.7M rows of 40 px (671M px). So the element that
 * really scrolls is at most `maxHeight` tall, and the rows are drawn shifted by an offset:
 * - the scrollbar is absolute: its thumb at x% shows the rows at x% of the list (drag anywhere);
 * - the wheel and the keys are relative: they move the rows by exactly their distance, and the
 *   thumb follows in proportion.
 * Lists that fit (up to 200,000 rows) scroll natively: the offset stays 0.
 */
export interface ScaledLayout {
  /** Height of every row laid end to end. */
  readonly virtualHeight: number;
  /** Height of the element that is really scrolled. */
  readonly realHeight: number;
  /** Virtual pixels per real pixel of scrollbar travel (1 when the list fits). */
  readonly ratio: number;
  readonly viewportHeight: number;
  readonly rowHeight: number;
  readonly rowCount: number;
}

/** Where the view is: the real element's scrollTop, and how far the rows are shifted beyond it. */
export interface ScrollPosition {
  readonly scrollTop: number;
  readonly offset: number;
}

/** Well below every browser's limit on an element's height. */
export const MAX_SCROLL_HEIGHT = 8_000_000;

/** The layout for a list of rows in a viewport. */
export function scaledLayout(
  rowCount: number,
  rowHeight: number,
  viewportHeight: number,
  maxHeight = MAX_SCROLL_HEIGHT,
): ScaledLayout {
  const virtualHeight = Math.max(rowCount * rowHeight, viewportHeight);
  const realHeight = Math.min(virtualHeight, maxHeight);
  const realTravel = realHeight - viewportHeight;
  const ratio = realTravel > 0 ? (virtualHeight - viewportHeight) / realTravel : 1;
  return { virtualHeight, realHeight, ratio, viewportHeight, rowHeight, rowCount };
}

/** Whether the list is taller than the scrolled element (wheel and keys need handling). */
export function isScaled(layout: ScaledLayout): boolean {
  return layout.ratio > 1;
}

function bottomOf(layout: ScaledLayout): number {
  return Math.max(0, layout.virtualHeight - layout.viewportHeight);
}

/** The position after the scrollbar (or anything but our own wheel and key handling) moved. */
export function fromScrollbar(layout: ScaledLayout, scrollTop: number): ScrollPosition {
  const top = Math.min(bottomOf(layout), Math.round(scrollTop * layout.ratio));
  return { scrollTop, offset: top - scrollTop };
}

/**
 * The position that shows the list from virtual pixel `y` (clamped to the list), with the thumb in
 * proportion. Set its scrollTop on the element, then correct the offset with `settled`.
 */
export function positionAt(layout: ScaledLayout, y: number): ScrollPosition {
  const top = Math.min(Math.max(0, Math.round(y)), bottomOf(layout));
  const scrollTop = Math.min(
    Math.round(top / layout.ratio),
    Math.max(0, layout.realHeight - layout.viewportHeight),
  );
  return { scrollTop, offset: top - scrollTop };
}

/** The same view after the browser rounded the scrollTop it was given. */
export function settled(position: ScrollPosition, actualScrollTop: number): ScrollPosition {
  return { scrollTop: actualScrollTop, offset: position.scrollTop + position.offset - actualScrollTop };
}

/** The position `delta` virtual pixels further down (up when negative): wheel and keys. */
export function scrolledBy(layout: ScaledLayout, position: ScrollPosition, delta: number): ScrollPosition {
  return positionAt(layout, position.scrollTop + position.offset + delta);
}

/** The rows in view (first and last index, inclusive), or null for an empty list. */
export function visibleRows(
  layout: ScaledLayout,
  position: ScrollPosition,
): { first: number; last: number } | null {
  if (layout.rowCount === 0) return null;
  const top = position.scrollTop + position.offset;
  const first = Math.min(layout.rowCount - 1, Math.max(0, Math.floor(top / layout.rowHeight)));
  const last = Math.min(
    layout.rowCount - 1,
    Math.floor((top + layout.viewportHeight - 1) / layout.rowHeight),
  );
  return { first, last: Math.max(first, last) };
}

/** Where a row is drawn inside the real element. */
export function rowTop(layout: ScaledLayout, position: ScrollPosition, index: number): number {
  return index * layout.rowHeight - position.offset;
}

/** The position that shows row `index` at the top of the view. */
export function positionOfRow(layout: ScaledLayout, index: number): ScrollPosition {
  return positionAt(layout, index * layout.rowHeight);
}

/** How far a key moves the list, or null for keys the list leaves alone. */
export function keyDistance(layout: ScaledLayout, key: string): number | null {
  const page = Math.max(layout.rowHeight, layout.viewportHeight - layout.rowHeight);
  switch (key) {
    case 'ArrowDown':
      return layout.rowHeight;
    case 'ArrowUp':
      return -layout.rowHeight;
    case 'PageDown':
      return page;
    case 'PageUp':
      return -page;
    case 'End':
      return layout.virtualHeight;
    case 'Home':
      return -layout.virtualHeight;
    default:
      return null;
  }
}

/** A wheel event's distance in pixels (its deltaMode may count lines or pages). */
export function wheelDistance(layout: ScaledLayout, deltaY: number, deltaMode: number): number {
  if (deltaMode === 1) return deltaY * layout.rowHeight;
  if (deltaMode === 2) return deltaY * layout.viewportHeight;
  return deltaY;
}
