import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** The product's name in authenticator apps. */
export const TOTP_ISSUER = 'IPAM';
/** RFC 6238's 30-second step; a code of the step before or after is accepted too (clock drift). */
const PERIOD_SECONDS = 30;
const TOLERANCE_SECONDS = 30;

/** A new random TOTP secret (20 bytes, base32, as authenticator apps expect). */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret, period: PERIOD_SECONDS });
}

/** The QR code of an otpauth:// address as a PNG data URL, made on the server. */
export async function qrDataUrl(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { margin: 1, width: 220, errorCorrectionLevel: 'M' });
}

/**
 * The RFC 6238 time step a 6-digit code belongs to at `nowMs`, when it is right for the secret and of
 * a step after `afterTimeStep` (no code works twice); null otherwise.
 */
export async function verifiedTimeStep(
  secret: string,
  code: string,
  nowMs: number,
  afterTimeStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    period: PERIOD_SECONDS,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterTimeStep === null ? {} : { afterTimeStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten new recovery codes (`xxxxx-xxxxx`, ~49 bits each), shown to the user once. */
export function newRecoveryCodes(count = 10): string[] {
  const part = () =>
    Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: count }, () => `${part()}-${part()}`);
}

/** Whether typed text has the shape of a recovery code (not a 6-digit TOTP code). */
export function looksLikeRecoveryCode(text: string): boolean {
  return normalRecoveryCode(text).length === 10;
}

function normalRecoveryCode(text: string): string {
  return text.toLowerCase().replace(/[\s-]/g, '');
}

/** The stored form of a recovery code: the SHA-256 of its letters, so typing it with or without the dash matches. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(normalRecoveryCode(code)).digest('hex');
}
