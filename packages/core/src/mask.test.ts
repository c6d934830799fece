import { describe, expect, it } from 'vitest';
import { ipv4MaskFromLength, ipv6MaskFromLength, parseIPv4Mask, parseIPv6PrefixLength } from './mask.js';

describe('parseIPv4Mask', () => {
  it.each([
    ['/24', 24],
    ['24', 24],
    ['/0', 0],
    ['0', 0],
    ['/32', 32],
    ['31', 31],
    ['255.255.255.0', 24],
    ['0.0.0.0', 0],
    ['255.255.255.255', 32],
    ['255.255.255.254', 31],
    ['255.128.0.0', 9],
    ['255.255.240.0', 20],
  ])('reads %s as /%d', (text, length) => {
    expect(parseIPv4Mask(text)).toBe(length);
  });

  it.each([
    ['', 'empty'],
    ['/', 'a bare slash'],
    ['/33', 'over 32'],
    ['33', 'over 32 without slash'],
    ['/08', 'a leading zero'],
    ['08', 'a leading zero without slash'],
    ['00', 'a double zero'],
    ['-1', 'negative'],
    ['/ 24', 'a space'],
    ['24.0', 'a decimal'],
    ['//24', 'two slashes'],
    ['255.0.255.0', 'non-contiguous ones'],
    ['0.255.255.255', 'a wildcard mask'],
    ['255.255.255.1', 'a stray low bit'],
    ['255.255.255', 'three octets'],
    ['/255.255.255.0', 'a slash before a dotted mask'],
    ['255.255.255.00', 'a leading zero in a dotted mask'],
  ])('refuses %s (%s)', (text) => {
    expect(parseIPv4Mask(text)).toBeNull();
  });
});

describe('parseIPv6PrefixLength', () => {
  it.each([
    ['/64', 64],
    ['64', 64],
    ['0', 0],
    ['/128', 128],
    ['127', 127],
  ])('reads %s as /%d', (text, length) => {
    expect(parseIPv6PrefixLength(text)).toBe(length);
  });

  it.each([['/129'], ['129'], ['/064'], ['08'], [''], ['/'], ['ffff:ffff::'], ['1e2']])(
    'refuses %s',
    (text) => {
      expect(parseIPv6PrefixLength(text)).toBeNull();
    },
  );
});

describe('masks from prefix lengths', () => {
  it.each([
    [0, 0],
    [1, 0x80000000],
    [24, 0xffffff00],
    [32, 0xffffffff],
  ])('IPv4 /%d is %d', (length, mask) => {
    expect(ipv4MaskFromLength(length)).toBe(mask);
  });

  it.each([
    [0, 0n],
    [64, ((1n << 64n) - 1n) << 64n],
    [128, (1n << 128n) - 1n],
  ])('IPv6 /%d is %s', (length, mask) => {
    expect(ipv6MaskFromLength(length)).toBe(mask);
  });
});
