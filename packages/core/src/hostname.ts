import { messages } from './messages.js';

/** A DNS name is at most 253 characters (RFC 1035), a label between dots at most 63. */
export const MAX_HOSTNAME_LENGTH = 253;
export const MAX_HOSTNAME_LABEL_LENGTH = 63;

/** Why a text is no hostname; each code has its own message naming the rule broken. */
export type HostnameProblem =
  | { readonly code: 'character'; readonly character: string }
  | { readonly code: 'empty_label' }
  | { readonly code: 'label_too_long'; readonly label: string }
  | { readonly code: 'label_hyphen'; readonly label: string }
  | { readonly code: 'too_long' };

// Letters, digits, hyphens (RFC 1123) and underscores (Windows and NetBox names have them).
const LABEL_CHARACTER = /^[A-Za-z0-9_-]$/;

/**
 * A hostname as stored: trimmed, and one trailing dot dropped, so "web.example.com." (fully
 * qualified, as DNS writes it) and "web.example.com" are the same name.
 */
export function normalizeHostname(text: string): string {
  const trimmed = text.trim();
  return trimmed.endsWith('.') && trimmed !== '.' ? trimmed.slice(0, -1) : trimmed;
}

/**
 * What is wrong with a hostname written as `normalizeHostname` leaves it, or null when it is one:
 * labels of letters, digits, hyphens and underscores, 1–63 characters each, not starting or ending
 * with a hyphen, separated by dots, at most 253 characters in all. The empty text (no hostname) is fine.
 */
export function hostnameProblem(name: string): HostnameProblem | null {
  if (name === '') return null;
  for (const character of name) {
    if (character !== '.' && !LABEL_CHARACTER.test(character)) return { code: 'character', character };
  }
  if (name.length > MAX_HOSTNAME_LENGTH) return { code: 'too_long' };
  for (const label of name.split('.')) {
    if (label === '') return { code: 'empty_label' };
    if (label.length > MAX_HOSTNAME_LABEL_LENGTH) return { code: 'label_too_long', label };
    if (label.startsWith('-') || label.endsWith('-')) return { code: 'label_hyphen', label };
  }
  return null;
}

/** Whether the text, once normalized, is a hostname (or empty). */
export function isHostname(text: string): boolean {
  return hostnameProblem(normalizeHostname(text)) === null;
}

/** The message of a problem, naming the rule and what broke it. */
export function hostnameProblemMessage(problem: HostnameProblem): string {
  switch (problem.code) {
    case 'character':
      return messages.hostnameCharacter(shownCharacter(problem.character));
    case 'empty_label':
      return messages.hostnameEmptyLabel;
    case 'label_too_long':
      return messages.hostnameLabelTooLong(shortened(problem.label), problem.label.length);
    case 'label_hyphen':
      return messages.hostnameLabelHyphen(shortened(problem.label));
    case 'too_long':
      return messages.tooLong('Hostname', MAX_HOSTNAME_LENGTH);
  }
}

/** A character as a message shows it: a space by name, anything else quoted (control characters escaped). */
function shownCharacter(character: string): string {
  return character === ' ' ? 'a space' : JSON.stringify(character);
}

/** A label cut to 20 characters, so a 63-character label does not swamp the message. */
function shortened(label: string): string {
  return label.length > 20 ? `${label.slice(0, 20)}…` : label;
}
