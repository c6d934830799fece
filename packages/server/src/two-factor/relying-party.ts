import { isIP } from 'node:net';
import { messages } from '@ipam/core/messages';
import { DomainError } from '../errors/domain-error.js';
import { hostNameOf } from '../http/host-guard.js';

/** The product's name in the browser's passkey prompts and password managers. */
export const RELYING_PARTY_NAME = 'IPAM';

/** Whom passkeys are made for: the site's host name (WebAuthn's RP ID) and the page origin browsers report. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/**
 * The relying party of a request: PUBLIC_URL's host name and origin when set (every passkey is bound to
 * that name), else the request's own (Host, and the scheme, forwarded by a trusted proxy), which the
 * host guard has already checked. Browsers refuse an IP address as RP ID, so a server reached by one
 * answers `passkey_unavailable` rather than options no browser takes.
 */
export function relyingPartyOf(
  publicUrl: string | null,
  request: { protocol: string; host: string },
): RelyingParty {
  // Browsers report the origin in lower case.
  const origin = publicUrl ?? `${request.protocol}://${request.host.toLowerCase()}`;
  const id = publicUrl ? new URL(publicUrl).hostname : hostNameOf(request.host);
  if (id === '' || isIP(id.replace(/^\[|\]$/g, '')) !== 0) {
    throw new DomainError('passkey_unavailable', messages.passkeyUnavailable);
  }
  return { id, origin, name: RELYING_PARTY_NAME };
}
