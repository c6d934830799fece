import { describe, expect, it } from 'vitest';
import { parseCidr } from './cidr.js';
import { parseAddress } from './ip-address.js';
import { addressOfReverseName, forwardName, isInZone, reverseName, reverseZoneOf } from './reverse-zone.js';

function zone(cidr: string): string {
  const prefix = parseCidr(cidr);
  if (prefix === null) throw new Error(cidr);
  return reverseZoneOf(prefix);
}

function ptr(text: string): string {
  const address = parseAddress(text);
  if (address === null) throw new Error(text);
  return reverseName(address.version, address.value);
}

describe('reverseZoneOf', () => {
  it('keeps a /24 on its octet', () => expect(zone('10.2.3.0/24')).toBe('3.2.10.in-addr.arpa'));
  it('rounds a /26 down to its /24', () => expect(zone('10.2.3.64/26')).toBe('3.2.10.in-addr.arpa'));
  it('rounds a /12 down to its /8', () => expect(zone('10.16.0.0/12')).toBe('10.in-addr.arpa'));
  it('keeps a /16', () => expect(zone('172.16.0.0/16')).toBe('16.172.in-addr.arpa'));
  it('gives the bare suffix for a /7', () => expect(zone('0.0.0.0/7')).toBe('in-addr.arpa'));
  it('takes nibbles for IPv6 /48', () =>
    expect(zone('2001:db8::/48')).toBe('0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa'));
  it('rounds an IPv6 /62 down to /60', () =>
    expect(zone('2001:db8:0:4::/62')).toBe('0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa'));
  it('keeps an IPv6 /64', () =>
    expect(zone('2001:db8:0:1::/64')).toBe('1.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa'));
});

describe('reverseName', () => {
  it('reverses the octets of IPv4', () => expect(ptr('10.2.3.4')).toBe('4.3.2.10.in-addr.arpa'));
  it('writes 32 nibbles for IPv6', () =>
    expect(ptr('2001:db8::1')).toBe(
      '1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa',
    ));
});

describe('forwardName', () => {
  it('appends the zone to a bare host', () =>
    expect(forwardName('web1', 'example.test')).toBe('web1.example.test'));
  it('keeps a name already in the zone', () =>
    expect(forwardName('Web1.Example.Test.', 'example.test')).toBe('web1.example.test'));
  it('knows a sibling zone is not inside', () =>
    expect(isInZone('a.notexample.test', 'example.test')).toBe(false));
});

describe('addressOfReverseName', () => {
  it('reads an in-addr.arpa name back', () =>
    expect(addressOfReverseName('4.3.2.10.in-addr.arpa.')).toEqual({ version: 4, value: 0x0a020304n }));
  it('reads an ip6.arpa name back', () => {
    const address = parseAddress('2001:db8::1');
    expect(addressOfReverseName(ptr('2001:db8::1'))).toEqual({ version: 6, value: address?.value });
  });
  it('refuses a zone apex and a bad octet', () => {
    expect(addressOfReverseName('2.10.in-addr.arpa')).toBeNull();
    expect(addressOfReverseName('4.3.2.300.in-addr.arpa')).toBeNull();
  });
});
