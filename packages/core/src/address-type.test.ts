import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ipv4AddressType, ipv6AddressType } from './address-type.js';
import { parseCidr, prefixContains } from './cidr.js';
import { parseIPv4 } from './ipv4.js';
import { parseIPv6 } from './ipv6.js';

describe('ipv4AddressType', () => {
  it.each([
    ['255.255.255.255', 'Limited Broadcast'],
    ['255.255.255.254', 'Reserved'],
    ['0.0.0.0', 'This Network'],
    ['0.255.255.255', 'This Network'],
    ['10.0.0.1', 'Private'],
    ['172.16.0.1', 'Private'],
    ['172.31.255.255', 'Private'],
    ['172.32.0.0', 'Public'],
    ['192.168.1.1', 'Private'],
    ['100.64.0.1', 'Shared (CGNAT)'],
    ['100.127.255.255', 'Shared (CGNAT)'],
    ['100.128.0.0', 'Public'],
    ['127.0.0.1', 'Loopback'],
    ['169.254.1.1', 'Link-Local'],
    ['192.0.2.5', 'Documentation'],
    ['198.51.100.5', 'Documentation'],
    ['203.0.113.5', 'Documentation'],
    ['198.18.0.1', 'Benchmarking'],
    ['198.19.255.255', 'Benchmarking'],
    ['192.0.0.8', 'Reserved'],
    ['240.0.0.1', 'Reserved'],
    ['224.0.0.1', 'Multicast'],
    ['239.255.255.255', 'Multicast'],
    ['8.8.8.8', 'Public'],
    ['1.1.1.1', 'Public'],
  ])('%s is %s', (text, type) => {
    expect(ipv4AddressType(parseIPv4(text) ?? -1)).toBe(type);
  });
});

describe('ipv6AddressType', () => {
  it.each([
    ['::', 'Unspecified'],
    ['::1', 'Loopback'],
    ['::2', 'Reserved'],
    ['::ffff:1.2.3.4', 'IPv4-mapped'],
    ['64:ff9b::1.2.3.4', 'NAT64'],
    ['2001:db8::1', 'Documentation'],
    ['3fff:fff::1', 'Documentation'],
    ['3fff:1000::1', 'Global Unicast'],
    ['2001::1', 'Teredo'],
    ['2001:1::1', 'Global Unicast'],
    ['2002:c000:204::1', '6to4'],
    ['fc00::1', 'Unique Local Address (ULA)'],
    ['fd12:3456::1', 'Unique Local Address (ULA)'],
    ['fe80::1', 'Link-Local'],
    ['febf::1', 'Link-Local'],
    ['fec0::1', 'Reserved'],
    ['ff02::1', 'Multicast'],
    ['2606:4700::1111', 'Global Unicast'],
    ['4000::1', 'Reserved'],
  ])('%s is %s', (text, type) => {
    expect(ipv6AddressType(parseIPv6(text)?.value ?? -1n)).toBe(type);
  });
});

describe('ipv6AddressType against a plain prefix-by-prefix lookup', () => {
  const table: [string, string][] = [
    ['::/128', 'Unspecified'],
    ['::1/128', 'Loopback'],
    ['::ffff:0:0/96', 'IPv4-mapped'],
    ['64:ff9b::/96', 'NAT64'],
    ['2001:db8::/32', 'Documentation'],
    ['3fff::/20', 'Documentation'],
    ['2001::/32', 'Teredo'],
    ['2002::/16', '6to4'],
    ['fc00::/7', 'Unique Local Address (ULA)'],
    ['fe80::/10', 'Link-Local'],
    ['ff00::/8', 'Multicast'],
    ['2000::/3', 'Global Unicast'],
  ];
  const prefixes = table.map(([cidr, type]) => ({ prefix: parseCidr(cidr), type }));
  const naive = (value: bigint) =>
    prefixes.find(({ prefix }) => prefix && prefixContains(prefix, value))?.type ?? 'Reserved';
  // Values near the blocks: a block's network with random low bits, or fully random.
  const nearBlock = fc
    .tuple(fc.constantFrom(...prefixes), fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }), fc.nat({ max: 128 }))
    .map(([{ prefix }, noise, bits]) => (prefix?.network ?? 0n) | (noise >> BigInt(bits)));

  it('classifies like the lookup', () => {
    fc.assert(
      fc.property(fc.oneof(nearBlock, fc.bigInt({ min: 0n, max: (1n << 128n) - 1n })), (value) => {
        expect(ipv6AddressType(value)).toBe(naive(value));
      }),
      { numRuns: 5000 },
    );
  });
});
