import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_TEXT_PREFIX } from '@ipam/core/schemas/token-schemas';

/** Characters of the secret kept in clear to tell tokens apart (`ipam_` and 7 more). */
const SHOWN_PREFIX_LENGTH = 12;

/** A new secret: `ipam_` and 32 bytes of the CSPRNG in base64url (256 bits). */
export function generateTokenSecret(): { secret: string; prefix: string } {
  const secret = `${TOKEN_TEXT_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, SHOWN_PREFIX_LENGTH) };
}

/** What is stored of a secret: its SHA-256 (256 random bits need no slow hash; one indexed read per request). */
export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
