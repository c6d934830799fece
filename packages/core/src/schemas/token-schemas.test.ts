import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { isApiTokenText, tokenCreateSchema } from './token-schemas.js';

describe('tokenCreateSchema', () => {
  it('takes a name, a scope and one of the offered expiries', () => {
    expect(tokenCreateSchema.parse({ name: ' ci ', scope: 'read', expiresInDays: 90 })).toEqual({
      name: 'ci',
      scope: 'read',
      expiresInDays: 90,
    });
    expect(
      tokenCreateSchema.parse({ name: 'x', scope: 'write', expiresInDays: null }).expiresInDays,
    ).toBeNull();
  });

  it('refuses another expiry, another scope and an empty name with readable messages', () => {
    const expiry = tokenCreateSchema.safeParse({ name: 'x', scope: 'read', expiresInDays: 7 });
    expect(expiry.error?.issues[0]?.message).toBe(messages.tokenExpiryInvalid);
    const scope = tokenCreateSchema.safeParse({ name: 'x', scope: 'admin', expiresInDays: 30 });
    expect(scope.error?.issues[0]?.message).toBe(messages.tokenScopeInvalid);
    const name = tokenCreateSchema.safeParse({ name: ' ', scope: 'read', expiresInDays: 30 });
    expect(name.error?.issues[0]?.message).toBe(messages.tokenNameRequired);
  });
});

describe('isApiTokenText', () => {
  it('tells our tokens from scanner keys and junk', () => {
    expect(isApiTokenText('ipam_abcDEF012-_x')).toBe(true);
    expect(isApiTokenText('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef')).toBe(false);
    expect(isApiTokenText('ipam_a b')).toBe(false);
  });
});
