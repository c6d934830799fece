import { createHash, randomInt } from 'node:crypto';

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The spec's key length: 32 letters and digits (about 190 bits from the CSPRNG). */
export const SCANNER_KEY_LENGTH = 32;

/** A new scanner key: 32 letters and digits drawn uniformly from the operating system's CSPRNG. */
export function generateScannerKey(): string {
  let key = '';
  for (let i = 0; i < SCANNER_KEY_LENGTH; i++) key += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)];
  return key;
}

/**
 * What is stored of a key: its SHA-256. A key has ~190 bits of entropy, so a fast hash is enough (no
 * guessing attack gets near it) and a look-up by hash stays one indexed read per agent request.
 */
export function hashScannerKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Whether a text has the shape of a key (checked before any database look-up). */
export function isScannerKeyShape(text: string): boolean {
  return text.length === SCANNER_KEY_LENGTH && /^[A-Za-z0-9]+$/.test(text);
}
