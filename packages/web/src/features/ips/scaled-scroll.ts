/**
 * Scrolling through more rows than a browser can lay out. Chrome stops growing an element near 33M
 * pixels and Firefox near 18M, while a /8 has 16.7M rows of ~36 px (600M px). So the scrolled
 * content is at most `maxHeight` tall and split into 100 pages; each page shifts the rows by a
 * growing offset (SlickGrid's technique): small scrolls (wheel, keys) move row by row, a scrollbar
 * drag jumps in proportion, and both ends of the list are reachable exactly.
 */
export interface ScaledLayout {
  /** Height of every row laid end to end. */
  readonly virtualHeight: number;
  /** Height of the element that is really scrolled. */
  readonly realHeight: number;
  readonly pageHeight: number;
  readonly pageCount: number;
  /** How far the rows shift per page. */
  readonly jumpPerPage: number;
  readonly viewportHeight: number;
  readonly rowHeight: number;
  readonly rowCount: number;
}

/** Where the view is: the scroll position of the real element and the rows' current shift. */
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
  if (virtualHeight <= maxHeight) {
    const whole = { realHeight: virtualHeight, pageHeight: virtualHeight, pageCount: 1, jumpPerPage: 0 };
    return { virtualHeight, viewportHeight, rowHeight, rowCount, ...whole };
  }
  const pageHeight = maxHeight / 100;
  const pageCount = Math.floor(virtualHeight / pageHeight);
  const jumpPerPage = (virtualHeight - maxHeight) / (pageCount - 1);
  return {
    virtualHeight,
    realHeight: maxHeight,
    pageHeight,
    pageCount,
    jumpPerPage,
    viewportHeight,
    rowHeight,
    rowCount,
  };
}

function offsetOfPage(layout: ScaledLayout, page: number): number {
  return Math.round(page * layout.jumpPerPage);
}

/** The position that shows the list from virtual pixel `y` (clamped to the list). */
export function positionAt(layout: ScaledLayout, y: number): ScrollPosition {
  const bottom = Math.max(0, layout.virtualHeight - layout.viewportHeight);
  const clamped = Math.min(Math.max(0, y), bottom);
  const page = Math.min(layout.pageCount - 1, Math.floor(clamped / layout.pageHeight));
  const offset = offsetOfPage(layout, page);
  return { scrollTop: clamped - offset, offset };
}

/**
 * The new position after the real element scrolled to `scrollTop`. A move shorter than the viewport
 * continues row by row from where the view was; a longer one (a scrollbar drag, Home/End) jumps in
 * proportion. When the answer's scrollTop differs from the one given, set it on the element.
 */
export function afterScroll(layout: ScaledLayout, before: ScrollPosition, scrollTop: number): ScrollPosition {
  if (layout.pageCount === 1) return { scrollTop, offset: 0 };
  if (Math.abs(scrollTop - before.scrollTop) < layout.viewportHeight) {
    return positionAt(layout, scrollTop + before.offset);
  }
  const room = layout.realHeight - layout.viewportHeight;
  const ratio = room > 0 ? (layout.virtualHeight - layout.viewportHeight) / room : 0;
  const page = Math.min(
    layout.pageCount - 1,
    Math.max(0, Math.floor((scrollTop * ratio) / layout.pageHeight)),
  );
  return { scrollTop, offset: offsetOfPage(layout, page) };
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
