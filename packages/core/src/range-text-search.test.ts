import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIPv4 } from './ipv4.js';
import { formatIPv6, parseIPv6 } from './ipv6.js';
import { RangeTextSearch } from './range-text-search.js';

const v6 = (text: string) => {
  const parsed = parseIPv6(text);
  if (!parsed) throw new Error(`bad test address ${text}`);
  return parsed.value;
};

function brute(format: (v: bigint) => string, q: string, from: bigint, to: bigint) {
  const matches: bigint[] = [];
  for (let v = from; v <= to; v++) if (format(v).includes(q.toLowerCase())) matches.push(v);
  return matches;
}

describe('searching the texts of a subnet range', () => {
  it('finds the never-written addresses of 10.0.0.0/8 that start with 10.0.5.', () => {
    const search = new RangeTextSearch(4, '10.0.5.', 0x0a000001n, 0x0afffffen);
    expect(search.count(0n, 2n ** 32n)).toBe(256n);
    expect(search.next(0x0a000001n, 0x0afffffen)).toBe(0x0a000500n);
    expect(search.next(0x0a0005ffn + 1n, 0x0afffffen)).toBeNull();
  });

  it('clips to the listed range: the network address of a /24 is not searched', () => {
    // Only 192.168.1.0 contains ".0" (octets have no leading zeros), and it is not listed.
    expect(new RangeTextSearch(4, '.0', 0xc0a80101n, 0xc0a801fen).next(0n, 2n ** 32n)).toBeNull();
    expect(new RangeTextSearch(4, '.0', 0xc0a80100n, 0xc0a801ffn).next(0n, 2n ** 32n)).toBe(0xc0a80100n);
  });

  it('is case-insensitive for IPv6 hex digits', () => {
    const first = v6('2001:db8::');
    const search = new RangeTextSearch(6, 'BEEF', first, first + 0xffffffn);
    expect(search.next(first, first + 0xffffffn)).toBe(v6('2001:db8::beef'));
  });

  it('reads ::ffff:0:0/96 addresses in their dotted IPv4-mapped form', () => {
    const first = v6('::ffff:10.0.0.0');
    const search = new RangeTextSearch(6, 'ffff:10.0.0.7', first, first + 255n);
    expect(search.count(first, first + 255n)).toBe(11n); // .7, .70-.79
  });

  it('says a range spanning more than one /96 is not supported', () => {
    const first = v6('2001:db8::');
    expect(new RangeTextSearch(6, '1', first, first + (1n << 40n)).isSupported).toBe(false);
  });

  it('agrees with formatting every address, in any /96 and around the zero groups', () => {
    const blocks = [
      '::',
      '2001:db8::',
      '2001:db8:0:1::',
      'fe80::1:0:0',
      '1:2:3:4:5:6::',
      '::ffff:0:0',
      '0:0:0:1::',
    ].map((text) => v6(text) & ~0xffffffffn);
    const arbitrary = fc.record({
      block: fc.constantFrom(...blocks),
      start: fc.oneof(fc.integer({ min: 0, max: 70000 }), fc.integer({ min: 0, max: 2 ** 32 - 1 })),
      span: fc.integer({ min: 0, max: 1500 }),
      query: fc.stringMatching(/^[0-9a-f:.]{1,4}$/),
    });
    fc.assert(
      fc.property(arbitrary, ({ block, start, span, query }) => {
        const first = block + BigInt(start);
        const last = first + BigInt(span) > block + 0xffffffffn ? block + 0xffffffffn : first + BigInt(span);
        const search = new RangeTextSearch(6, query, first, last);
        const expected = brute(formatIPv6, query, first, last);
        expect(search.count(first, last)).toBe(BigInt(expected.length));
        expect(search.next(first, last)).toBe(expected[0] ?? null);
      }),
      { numRuns: 80 },
    );
  });

  it('agrees with formatting every IPv4 address of random ranges', () => {
    const arbitrary = fc.record({
      start: fc.integer({ min: 0, max: 2 ** 32 - 2000 }),
      span: fc.integer({ min: 0, max: 1500 }),
      query: fc.stringMatching(/^[0-9.]{1,4}$/),
    });
    fc.assert(
      fc.property(arbitrary, ({ start, span, query }) => {
        const first = BigInt(start);
        const last = first + BigInt(span);
        const expected = brute((v) => formatIPv4(Number(v)), query, first, last);
        const search = new RangeTextSearch(4, query, first, last);
        expect(search.count(first, last)).toBe(BigInt(expected.length));
        expect(search.next(first, last)).toBe(expected[0] ?? null);
      }),
      { numRuns: 200 },
    );
  });
});
