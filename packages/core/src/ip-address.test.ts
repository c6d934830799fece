import { describe, expect, it } from 'vitest';
import { formatAddress, parseAddress } from './ip-address.js';

describe('parseAddress', () => {
  it.each([
    ['192.0.2.1', { version: 4, value: 0xc0000201n, zone: null }],
    ['2001:db8::1', { version: 6, value: 0x20010db8000000000000000000000001n, zone: null }],
    ['fe80::1%eth0', { version: 6, value: 0xfe800000000000000000000000000001n, zone: 'eth0' }],
    ['::ffff:192.0.2.1', { version: 6, value: 0xffffc0000201n, zone: null }],
  ])('reads %s', (text, parsed) => {
    expect(parseAddress(text)).toEqual(parsed);
  });

  it.each([['192.0.2'], ['192.0.2.1%eth0'], ['2001:db8::1%eth0'], ['hello'], ['']])('refuses %s', (text) => {
    expect(parseAddress(text)).toBeNull();
  });
});

describe('formatAddress', () => {
  it.each([
    [4, 0xc0000201n, '192.0.2.1'],
    [6, 0x20010db8000000000000000000000001n, '2001:db8::1'],
    [6, 0xffffc0000201n, '::ffff:192.0.2.1'],
  ] as const)('writes IPv%d %s as %s', (version, value, text) => {
    expect(formatAddress(version, value)).toBe(text);
  });
});
