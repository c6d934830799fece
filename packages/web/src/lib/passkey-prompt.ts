import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { ApiError } from './api-client.js';

/** Whether this browser can use passkeys here (WebAuthn needs HTTPS or localhost). */
export function canUsePasskeys(): boolean {
  return browserSupportsWebAuthn();
}

/**
 * What to tell the user when a passkey step failed: the server's message, or, for the browser's own
 * refusals (the prompt closed or timed out, a key already added), a sentence instead of its error name.
 */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const name = error instanceof Error ? error.name : '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return 'This device or key holds one of your passkeys already.';
  }
  if (name === 'NotAllowedError' || code === 'ERROR_CEREMONY_ABORTED') {
    return 'The passkey prompt was closed or timed out. Try again.';
  }
  if (code === 'ERROR_INVALID_DOMAIN' || name === 'SecurityError') {
    return 'Passkeys need this site opened by its name over HTTPS.';
  }
  return 'The passkey could not be used. Try again, or sign in another way.';
}
