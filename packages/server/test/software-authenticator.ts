import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { encodeCbor, type CborValue } from './cbor.js';

// A WebAuthn authenticator in software (ES256, "none" attestation), for server tests: it makes the
// same bytes a security key and a browser would (authenticator data, COSE key, client data, a DER
// ECDSA signature), so the tests exercise the real verification, not a mock of it.

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

/** Where the "browser" runs: the page origin it reports and the RP ID it hashes. */
export interface Site {
  origin: string;
  rpId: string;
}

interface Credential {
  id: Uint8Array;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string | undefined };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string | undefined;
  allowCredentials?: { id: string }[] | undefined;
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function coseKeyOf(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  if (!jwk.x || !jwk.y) throw new Error('not an EC key');
  // kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
  return encodeCbor(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x, 'base64url')],
      [-3, Buffer.from(jwk.y, 'base64url')],
    ]),
  );
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Uint8Array.of(flags), count, ...(attested ? [attested] : [])]);
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): string {
  return JSON.stringify({ type, challenge, origin, crossOrigin: false });
}

/** A software authenticator holding discoverable ES256 credentials. */
export class SoftwareAuthenticator {
  private readonly credentials: Credential[] = [];

  /** `isUserVerified`: whether it reports user verification (a PIN or fingerprint) in its flags. */
  constructor(private readonly isUserVerified = true) {}

  /** A copy holding the same keys and counters: a cloned authenticator. */
  clone(): SoftwareAuthenticator {
    const copy = new SoftwareAuthenticator(this.isUserVerified);
    copy.credentials.push(...this.credentials.map((c) => ({ ...c })));
    return copy;
  }

  /** The id of its newest credential (base64url). */
  get lastCredentialId(): string {
    const last = this.credentials.at(-1);
    if (!last) throw new Error('no credential yet');
    return b64url(last.id);
  }

  private flags(): number {
    return FLAG_USER_PRESENT | (this.isUserVerified ? FLAG_USER_VERIFIED : 0);
  }

  /** `navigator.credentials.create()` on `site`: a new credential for the options, in WebAuthn's JSON form. */
  create(options: CreationOptions, site: Site) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = new Uint8Array(randomBytes(32));
    const rpId = site.rpId;
    this.credentials.push({ id, privateKey, rpId, userHandle: options.user.id, counter: 0 });
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    // AAGUID of zeros: "none" attestation names no model.
    const attested = Buffer.concat([Buffer.alloc(16), length, id, coseKeyOf(publicKey)]);
    const authData = authenticatorData(rpId, this.flags() | FLAG_ATTESTED_DATA, 0, attested);
    const attestationObject = encodeCbor(
      new Map<string, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', options.challenge, site.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /**
   * `navigator.credentials.get()` on `site`: signs the challenge with an allowed credential (or, for
   * an empty allow list, its newest discoverable one for the site); the counter goes up by one.
   */
  get(options: RequestOptions, site: Site, pick?: { credentialId?: string }) {
    const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
    const wanted = pick?.credentialId ?? (allowed.length > 0 ? allowed : undefined);
    const credential = [...this.credentials]
      .reverse()
      .find((c) =>
        wanted === undefined
          ? c.rpId === site.rpId
          : (Array.isArray(wanted) ? wanted : [wanted]).includes(b64url(c.id)),
      );
    if (!credential) throw new Error('no credential for this site');
    credential.counter += 1;
    const authData = authenticatorData(site.rpId, this.flags(), credential.counter);
    const clientDataJSON = clientData('webauthn.get', options.challenge, site.origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    };
  }
}
