import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors/domain-error.js';
import { relyingPartyOf } from './relying-party.js';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? error.code : 'other';
  }
  return null;
};

describe('the relying party of passkeys', () => {
  it('is PUBLIC_URL’s host name and origin when set, whatever the Host', () => {
    const rp = relyingPartyOf('https://ipam.example.com', { protocol: 'http', host: '10.0.0.5:8080' });
    expect(rp).toEqual({ id: 'ipam.example.com', origin: 'https://ipam.example.com', name: 'IPAM' });
  });

  it('is the request’s Host name and scheme without PUBLIC_URL (the port stays in the origin)', () => {
    expect(relyingPartyOf(null, { protocol: 'http', host: 'localhost:3000' })).toMatchObject({
      id: 'localhost',
      origin: 'http://localhost:3000',
    });
    expect(relyingPartyOf(null, { protocol: 'https', host: 'IPAM.example.org' })).toMatchObject({
      id: 'ipam.example.org',
      origin: 'https://ipam.example.org',
    });
  });

  it('refuses an IP address (browsers take none as RP ID)', () => {
    expect(refusal(() => relyingPartyOf(null, { protocol: 'http', host: '127.0.0.1:3000' }))).toBe(
      'passkey_unavailable',
    );
    expect(refusal(() => relyingPartyOf(null, { protocol: 'http', host: '[::1]:3000' }))).toBe(
      'passkey_unavailable',
    );
    expect(refusal(() => relyingPartyOf('http://192.0.2.1:3000', { protocol: 'http', host: 'x' }))).toBe(
      'passkey_unavailable',
    );
  });
});
