import { z } from 'zod';
import { messages } from '../messages.js';

/** Six bytes as colon pairs, hyphen pairs or Cisco's three dotted groups of four hex digits. */
const MAC_FORMS = [
  /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/i,
  /^[0-9a-f]{2}(-[0-9a-f]{2}){5}$/i,
  /^[0-9a-f]{4}(\.[0-9a-f]{4}){2}$/i,
  /^[0-9a-f]{12}$/i,
];

/** A MAC address in canonical form (lower case, colon pairs), or null when the text is none. */
export function canonicalMac(text: string): string | null {
  const trimmed = text.trim();
  if (!MAC_FORMS.some((form) => form.test(trimmed))) return null;
  const hex = trimmed.replace(/[:.-]/g, '').toLowerCase();
  return hex.match(/../g)?.join(':') ?? null;
}

/** A MAC address in any usual form, answered canonical (aa:bb:cc:dd:ee:ff). */
export const macAddressSchema = z
  .string({ error: messages.mustBeText('MAC address') })
  .max(20, messages.macInvalid)
  .transform((text, ctx) => {
    const mac = canonicalMac(text);
    if (mac === null) {
      ctx.addIssue({ code: 'custom', message: messages.macInvalid });
      return z.NEVER;
    }
    return mac;
  });
