import { describe, expect, it } from 'vitest';
import { issuerUrlSchema, ssoSlugSchema } from './sso-schemas.js';

const isIssuer = (text: string) => issuerUrlSchema.safeParse(text).success;

describe('single sign-on inputs', () => {
  it('takes https issuers, and plain http only on this machine', () => {
    expect(isIssuer('https://login.example.com/realms/net')).toBe(true);
    expect(isIssuer('https://idp.example.com:8443')).toBe(true);
    expect(isIssuer('http://127.0.0.1:5556/dex')).toBe(true);
    expect(isIssuer('http://localhost:8080')).toBe(true);
    expect(isIssuer('http://[::1]:9000')).toBe(true);
    expect(isIssuer('http://idp.example.com')).toBe(false);
    expect(isIssuer('http://127.0.0.1.example.com')).toBe(false);
  });

  it('refuses other schemes, credentials, queries and fragments', () => {
    expect(isIssuer('ftp://idp.example.com')).toBe(false);
    expect(isIssuer('https://user:pw@idp.example.com')).toBe(false);
    expect(isIssuer('https://idp.example.com/?a=1')).toBe(false);
    expect(isIssuer('https://idp.example.com/#x')).toBe(false);
    expect(isIssuer('javascript:alert(1)')).toBe(false);
  });

  it('reads sign-in names in lower case and refuses other characters', () => {
    expect(ssoSlugSchema.parse(' Acme-Net ')).toBe('acme-net');
    expect(ssoSlugSchema.safeParse('a').success).toBe(false);
    expect(ssoSlugSchema.safeParse('-acme').success).toBe(false);
    expect(ssoSlugSchema.safeParse('acme/x').success).toBe(false);
  });
});
