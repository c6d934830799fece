/** Largest IPv4 address as an unsigned 32-bit number. */
export const IPV4_MAX = 0xffffffff;

const DOT = 46;
const ZERO = 48;
const NINE = 57;

/**
 * Parses strict dotted-quad IPv4 text into an unsigned 32-bit number, or null.
 * Exactly four decimal octets 0–255 with no leading zeros: `010.0.0.1`, `127.1`, `0x7f.0.0.1`
 * and any whitespace are refused, so no input can be read as octal or hex by accident.
 */
export function parseIPv4(text: string): number | null {
  const length = text.length;
  if (length < 7 || length > 15) return null;
  let value = 0;
  let octet = 0;
  let digits = 0;
  let dots = 0;
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code === DOT) {
      if (digits === 0 || dots === 3) return null;
      // Multiplication instead of `<<` keeps the value unsigned past 2^31.
      value = value * 256 + octet;
      octet = 0;
      digits = 0;
      dots++;
    } else if (code >= ZERO && code <= NINE) {
      // A digit after a leading 0 would make a leading zero (`01`, `00`).
      if (digits !== 0 && octet === 0) return null;
      octet = octet * 10 + (code - ZERO);
      if (octet > 255) return null;
      digits++;
    } else {
      return null;
    }
  }
  if (dots !== 3 || digits === 0) return null;
  return value * 256 + octet;
}

/** Formats an unsigned 32-bit number as dotted-quad IPv4 text. */
export function formatIPv4(value: number): string {
  return `${value >>> 24}.${(value >>> 16) & 255}.${(value >>> 8) & 255}.${value & 255}`;
}
