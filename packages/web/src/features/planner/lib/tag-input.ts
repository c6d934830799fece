import { messages } from '@ipam/core/messages';
import { MAX_TAG_LENGTH, MAX_TAGS } from '@ipam/core/schemas/plan-schemas';

export interface TagEntry {
  tags: string[];
  /** What stays in the box: nothing after a success, the typed text when it was refused. */
  rest: string;
  error: string | null;
}

/**
 * Enter or a comma adds what was typed (PL-48, S42): split on commas, trimmed, lower-cased, empty
 * pieces and duplicates ignored; a piece over 20 characters or past the 10th tag is refused with the
 * schema's message and nothing is added.
 */
export function addTags(current: readonly string[], typed: string): TagEntry {
  const pieces = typed
    .split(',')
    .map((piece) => piece.trim().toLowerCase())
    .filter((piece) => piece !== '');
  const tooLong = pieces.find((piece) => piece.length > MAX_TAG_LENGTH);
  if (tooLong !== undefined) return { tags: [...current], rest: typed, error: messages.tagTooLong };
  const tags = [...current];
  for (const piece of pieces) if (!tags.includes(piece)) tags.push(piece);
  if (tags.length > MAX_TAGS) return { tags: [...current], rest: typed, error: messages.tooManyTags };
  return { tags, rest: '', error: null };
}

/** Whether a key press adds the typed tag (Enter or comma). */
export function isTagKey(key: string): boolean {
  return key === 'Enter' || key === ',';
}
