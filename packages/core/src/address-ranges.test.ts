import { describe, expect, it } from 'vitest';
import { digitGroups, isListedAsRanges, isSubnetRouterAnycast, percentText } from './address-ranges.js';
import { prefixOf } from './prefix.js';

describe('isListedAsRanges', () => {
  it('lists address by address up to 2^24 addresses (IPv4 /8, IPv6 /104), as ranges above', () => {
    expect(isListedAsRanges({ version: 4, length: 8 })).toBe(false);
    expect(isListedAsRanges({ version: 6, length: 104 })).toBe(false);
    expect(isListedAsRanges({ version: 6, length: 103 })).toBe(true);
    expect(isListedAsRanges({ version: 6, length: 64 })).toBe(true);
  });
});

describe('isSubnetRouterAnycast', () => {
  it('is the network address of an IPv6 subnet of any size, never of IPv4', () => {
    const v6 = prefixOf(6, 0x20010db8n << 96n, 64);
    expect(isSubnetRouterAnycast(v6, v6.network)).toBe(true);
    expect(isSubnetRouterAnycast(v6, v6.network + 1n)).toBe(false);
    const host = prefixOf(6, 5n, 128);
    expect(isSubnetRouterAnycast(host, 5n)).toBe(true);
    expect(isSubnetRouterAnycast(prefixOf(4, 0x0a000000n, 24), 0x0a000000n)).toBe(false);
  });
});

describe('percentText', () => {
  it('is exact on integers: two decimals, more for three significant digits, trailing zeros dropped', () => {
    expect(percentText(0n, 1n << 64n)).toBe('0');
    expect(percentText(1n << 64n, 1n << 64n)).toBe('100');
    expect(percentText(1n, 2n)).toBe('50');
    expect(percentText(1n, 3n)).toBe('33.33');
    expect(percentText(2n, 3n)).toBe('66.67');
    expect(percentText(1n, 1000n)).toBe('0.1');
    expect(percentText(1n, 254n)).toBe('0.394');
    expect(percentText(5n, 1n << 64n)).toBe('0.0000000000000000271');
    expect(percentText((1n << 64n) - 1n, 1n << 64n)).toBe('100');
  });
});

describe('digitGroups', () => {
  it('groups thousands of any size', () => {
    expect(digitGroups('18446744073709551611')).toBe('18,446,744,073,709,551,611');
    expect(digitGroups(999n)).toBe('999');
    expect(digitGroups('1000')).toBe('1,000');
    expect(digitGroups('0')).toBe('0');
  });
});
