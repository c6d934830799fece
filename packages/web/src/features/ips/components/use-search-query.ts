import { useEffect, useState } from 'react';

/** Typing pauses this long before the list is searched (and the URL written). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search the list runs for the text in the box: typed text once it has settled, an emptied box
 * (Clear Filter, or the last character deleted) at once. Until new text settles the list keeps the
 * search it had, which after an emptied box is none: an older search never comes back on its own.
 */
export function useSearchQuery(search: string): string {
  const text = search.trim();
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    if (text === '') {
      setSettled('');
      return;
    }
    const timer = setTimeout(() => setSettled(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return text === '' ? '' : settled;
}
