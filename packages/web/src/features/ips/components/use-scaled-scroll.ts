import {
  type KeyboardEvent,
  type RefObject,
  type UIEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import {
  fromScrollbar,
  isScaled,
  keyDistance,
  positionOfRow,
  type ScaledLayout,
  scrolledBy,
  type ScrollPosition,
  settled,
  wheelDistance,
} from '../scaled-scroll.js';

/**
 * The scroll position of a scaled list (see scaled-scroll.ts): the scrollbar maps in proportion,
 * while the wheel and the keys move the rows by their own distance on a list taller than the
 * scrolled element. Attach `viewportRef`, `onScroll` and `onKeyDown` to the scrolled element.
 */
export function useScaledScroll(layout: ScaledLayout): {
  position: ScrollPosition;
  viewportRef: RefObject<HTMLDivElement | null>;
  onScroll: (event: UIEvent<HTMLDivElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** Shows row `index` at the top of the view (the scrollbar follows in proportion). */
  scrollToRow: (index: number) => void;
} {
  const [position, setPosition] = useState<ScrollPosition>({ scrollTop: 0, offset: 0 });
  const positionRef = useRef(position);

  // The scroll event our own wheel or key handling causes; any other scroll comes from the scrollbar.
  const ownScrollTop = useRef<number | null>(null);
  const moveTo = (element: HTMLDivElement, wanted: ScrollPosition) => {
    element.scrollTop = wanted.scrollTop;
    const actual = element.scrollTop;
    // An unchanged scrollTop fires no scroll event.
    ownScrollTop.current = actual === positionRef.current.scrollTop ? null : actual;
    positionRef.current = settled(wanted, actual);
    setPosition(positionRef.current);
  };

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const { scrollTop } = event.currentTarget;
    if (ownScrollTop.current !== null && Math.abs(scrollTop - ownScrollTop.current) < 1) {
      ownScrollTop.current = null;
      return;
    }
    ownScrollTop.current = null;
    positionRef.current = fromScrollbar(layout, scrollTop);
    setPosition(positionRef.current);
  };

  const viewportRef = useRef<HTMLDivElement | null>(null);
  // On a list taller than the scrolled element, the wheel moves rows by its own distance (natively
  // it would move the thumb, which stands for many rows per pixel). React's wheel listener is passive.
  const layoutRef = useRef(layout);
  layoutRef.current = layout;
  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      const current = layoutRef.current;
      if (!isScaled(current) || event.deltaY === 0) return;
      event.preventDefault();
      const distance = wheelDistance(current, event.deltaY, event.deltaMode);
      moveTo(element, scrolledBy(current, positionRef.current, distance));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!isScaled(layout) || event.target !== event.currentTarget) return;
    const distance = keyDistance(layout, event.key);
    if (distance === null) return;
    event.preventDefault();
    moveTo(event.currentTarget, scrolledBy(layout, positionRef.current, distance));
  };

  const scrollToRow = useCallback((index: number) => {
    const element = viewportRef.current;
    if (element) moveTo(element, positionOfRow(layoutRef.current, index));
  }, []);

  return { position, viewportRef, onScroll, onKeyDown, scrollToRow };
}
