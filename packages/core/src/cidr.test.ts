import { describe, expect, it } from 'vitest';
import { formatPrefix, parseCidr, prefixContains } from './cidr.js';

describe('parseCidr', () => {
  it.each([
    ['10.1.2.3/24', '10.1.2.0/24'],
    ['10.1.2.3/32', '10.1.2.3/32'],
    ['10.1.2.3/31', '10.1.2.2/31'],
    ['255.255.255.255/0', '0.0.0.0/0'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['2001:DB8::1/64', '2001:db8::/64'],
    ['::/0', '::/0'],
    ['::1/128', '::1/128'],
    ['2001:db8::ff/127', '2001:db8::fe/127'],
    ['fe80::1%eth0/10', 'fe80::/10'],
    ['::ffff:1.2.3.4/120', '::ffff:1.2.3.0/120'],
  ])('reads %s as %s (host bits cleared)', (text, expected) => {
    const prefix = parseCidr(text);
    expect(prefix && formatPrefix(prefix)).toBe(expected);
  });

  it.each([
    ['10.1.2.3', 'no length'],
    ['10.1.2.3/', 'an empty length'],
    ['10.1.2.3/33', 'an IPv4 length over 32'],
    ['10.1.2.3/08', 'a leading zero'],
    ['10.1.2.3/255.255.255.0', 'a dotted mask'],
    ['010.1.2.3/8', 'a leading zero in the address'],
    ['2001:db8::/129', 'an IPv6 length over 128'],
    ['2001:db8::%eth0/64', 'a zone on a global address'],
    ['/24', 'no address'],
    ['10.1.2.3/24/24', 'two lengths'],
  ])('refuses %s (%s)', (text) => {
    expect(parseCidr(text)).toBeNull();
  });
});

describe('prefixContains', () => {
  const prefix = parseCidr('10.1.2.0/24');
  it.each([
    [0x0a010200n, true],
    [0x0a0102ffn, true],
    [0x0a0101ffn, false],
    [0x0a010300n, false],
  ])('10.1.2.0/24 contains %s: %s', (value, expected) => {
    expect(prefix && prefixContains(prefix, value)).toBe(expected);
  });
});
