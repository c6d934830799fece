import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIPv4, parseIPv4 } from './ipv4.js';

describe('parseIPv4', () => {
  it.each([
    ['0.0.0.0', 0],
    ['255.255.255.255', 0xffffffff],
    ['10.1.2.3', 0x0a010203],
    ['192.168.0.1', 0xc0a80001],
    ['128.0.0.0', 0x80000000],
    ['1.0.0.0', 0x01000000],
    ['100.200.10.0', 0x64c80a00],
  ])('reads %s', (text, value) => {
    expect(parseIPv4(text)).toBe(value);
  });

  it.each([
    ['', 'empty'],
    ['1.2.3', 'three octets'],
    ['1.2.3.4.5', 'five octets'],
    ['127.1', 'shorthand'],
    ['010.0.0.1', 'leading zero (octal in inet_aton)'],
    ['1.2.3.00', 'double zero'],
    ['1.2.3.04', 'leading zero in the last octet'],
    ['0x7f.0.0.1', 'hex octet'],
    ['256.0.0.1', 'octet over 255'],
    ['1.2.3.256', 'last octet over 255'],
    ['1.2.3.1000', 'four-digit octet'],
    ['1..2.3', 'empty octet'],
    ['.1.2.3', 'leading dot'],
    ['1.2.3.', 'trailing dot'],
    [' 1.2.3.4', 'leading space'],
    ['1.2.3.4 ', 'trailing space'],
    ['1. 2.3.4', 'inner space'],
    ['1.2.3.-4', 'sign'],
    ['1.2.3.4/24', 'with a prefix'],
    ['4294967295', 'a bare number'],
    ['١.٢.٣.٤', 'non-ASCII digits'],
    ['::1', 'IPv6'],
  ])('refuses %s (%s)', (text) => {
    expect(parseIPv4(text)).toBeNull();
  });
});

describe('formatIPv4', () => {
  it.each([
    [0, '0.0.0.0'],
    [0xffffffff, '255.255.255.255'],
    [0xc0a80001, '192.168.0.1'],
  ])('writes %d as %s', (value, text) => {
    expect(formatIPv4(value)).toBe(text);
  });

  it('round-trips every uint32: parse(format(v)) === v', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (value) => parseIPv4(formatIPv4(value)) === value),
      { numRuns: 5000 },
    );
  });

  it('round-trips every valid text: format(parse(t)) === t', () => {
    const octet = fc.integer({ min: 0, max: 255 }).map(String);
    const text = fc.tuple(octet, octet, octet, octet).map((parts) => parts.join('.'));
    fc.assert(
      fc.property(text, (input) => formatIPv4(parseIPv4(input) ?? -1) === input),
      { numRuns: 5000 },
    );
  });
});
