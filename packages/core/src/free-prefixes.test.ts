import { describe, expect, it } from 'vitest';
import { formatPrefix, parseCidr } from './cidr.js';
import { firstFreePrefixes } from './free-prefixes.js';
import type { Prefix } from './prefix.js';

function p(text: string): Prefix {
  const prefix = parseCidr(text);
  if (!prefix) throw new Error(`bad prefix ${text}`);
  return prefix;
}

function free(within: string, taken: string[], length: number, count = 1): string[] {
  return firstFreePrefixes(p(within), taken.map(p), length, count).map(formatPrefix);
}

describe('firstFreePrefixes', () => {
  it('gives the first block of an empty range', () => {
    expect(free('10.0.0.0/16', [], 26)).toEqual(['10.0.0.0/26']);
  });

  it('skips blocks that overlap a subnet, whatever its size', () => {
    expect(free('10.0.0.0/16', ['10.0.0.0/24'], 26, 2)).toEqual(['10.0.1.0/26', '10.0.1.64/26']);
    expect(free('10.0.0.0/16', ['10.0.0.64/28'], 26, 3)).toEqual([
      '10.0.0.0/26',
      '10.0.0.128/26',
      '10.0.0.192/26',
    ]);
    // A subnet larger than the asked length, straddling nothing: one jump past it.
    expect(free('10.0.0.0/8', ['10.0.0.0/9'], 16)).toEqual(['10.128.0.0/16']);
  });

  it('fills holes between subnets before going past them', () => {
    expect(free('10.0.0.0/24', ['10.0.0.0/26', '10.0.0.128/26'], 26, 5)).toEqual([
      '10.0.0.64/26',
      '10.0.0.192/26',
    ]);
  });

  it('answers nothing when the range is full or the length does not fit', () => {
    expect(free('10.0.0.0/24', ['10.0.0.0/24'], 26)).toEqual([]);
    expect(free('10.0.0.0/24', ['10.0.0.0/8'], 26)).toEqual([]);
    expect(free('10.0.0.0/24', [], 23)).toEqual([]);
    expect(free('10.0.0.0/24', [], 33)).toEqual([]);
    expect(free('10.0.0.0/24', [], 26, 0)).toEqual([]);
  });

  it('reaches the last block of the address space (edges)', () => {
    expect(free('255.255.255.0/24', ['255.255.255.0/25'], 25)).toEqual(['255.255.255.128/25']);
    expect(free('0.0.0.0/0', ['0.0.0.0/1'], 1)).toEqual(['128.0.0.0/1']);
    expect(free('10.0.0.0/30', [], 32, 5)).toEqual([
      '10.0.0.0/32',
      '10.0.0.1/32',
      '10.0.0.2/32',
      '10.0.0.3/32',
    ]);
  });

  it('ignores subnets of the other version and outside the range', () => {
    expect(free('10.0.0.0/24', ['2001:db8::/32', '192.168.0.0/16'], 26)).toEqual(['10.0.0.0/26']);
  });

  it('works on IPv6, to the end of the space', () => {
    expect(free('2001:db8::/32', ['2001:db8::/48', '2001:db8:1::/64'], 48, 2)).toEqual([
      '2001:db8:2::/48',
      '2001:db8:3::/48',
    ]);
    expect(free('2001:db8::/32', ['2001:db8::/48'], 64)).toEqual(['2001:db8:1::/64']);
    expect(
      free(
        'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ff00/120',
        ['ffff:ffff:ffff:ffff:ffff:ffff:ffff:ff00/121'],
        121,
      ),
    ).toEqual(['ffff:ffff:ffff:ffff:ffff:ffff:ffff:ff80/121']);
  });

  it('finds the first free /24 of a /8 past 10,000 taken ones', () => {
    const taken = Array.from({ length: 10_000 }, (_, i) => `10.${i >> 8}.${i & 255}.0/24`);
    expect(free('10.0.0.0/8', taken, 24)).toEqual(['10.39.16.0/24']);
  });
});
