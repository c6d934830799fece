import { describe, expect, it } from 'vitest';
import { escapeFilterValue, fillFilter } from './ldap-filter.js';

describe('escapeFilterValue (RFC 4515)', () => {
  it('leaves an ordinary name alone', () =>
    expect(escapeFilterValue('alice.o-brien_2')).toBe('alice.o-brien_2'));
  it('escapes the asterisk', () => expect(escapeFilterValue('al*')).toBe('al\\2a'));
  it('escapes parentheses', () => expect(escapeFilterValue('a(b)')).toBe('a\\28b\\29'));
  it('escapes the backslash', () => expect(escapeFilterValue('dom\\user')).toBe('dom\\5cuser'));
  it('escapes NUL', () => expect(escapeFilterValue('a\0b')).toBe('a\\00b'));
  it('keeps non-ASCII letters (UTF-8 is allowed as is)', () =>
    expect(escapeFilterValue('jürgen')).toBe('jürgen'));
  it('defuses an injection', () => expect(escapeFilterValue('*)(uid=*')).toBe('\\2a\\29\\28uid=\\2a'));
});

describe('fillFilter', () => {
  it('puts the escaped login in the template', () =>
    expect(fillFilter('(&(objectClass=user)(sAMAccountName={login}))', { login: '*)(|(cn=*' })).toBe(
      '(&(objectClass=user)(sAMAccountName=\\2a\\29\\28|\\28cn=\\2a))',
    ));
  it('fills every placeholder it knows', () =>
    expect(fillFilter('(|(member={dn})(memberUid={login}))', { dn: 'uid=a,dc=x', login: 'a' })).toBe(
      '(|(member=uid=a,dc=x)(memberUid=a))',
    ));
  it('leaves an unknown placeholder as written', () =>
    expect(fillFilter('(cn={other})', {})).toBe('(cn={other})'));
});
