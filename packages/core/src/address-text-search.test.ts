import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IPV4_TEXT_TEMPLATE, TextMatcher } from './address-text-search.js';

const ipv4Text = (value: number) =>
  [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');

function bruteCount(query: string, from: number, to: number): number {
  let count = 0;
  for (let v = from; v <= to; v++) if (ipv4Text(v).includes(query)) count++;
  return count;
}

describe('IPv4 address text search', () => {
  it('counts the addresses of 10.0.0.0/8 that contain "10.0.5."', () => {
    const matcher = new TextMatcher(IPV4_TEXT_TEMPLATE, '10.0.5.');
    // 10.0.5.0-255 only: the text "10.0.5." cannot occur later in an address of 10/8.
    expect(matcher.countBetween(0x0a000000, 0x0affffff)).toBe(256);
    expect(matcher.nextMatch(0x0a000000, 0x0affffff)).toBe(0x0a000500);
  });

  it('finds matches in the middle of the text, e.g. "0.5" in 10.0.5.0 and 10.10.50.1', () => {
    const matcher = new TextMatcher(IPV4_TEXT_TEMPLATE, '0.5');
    expect(matcher.matches(0x0a000500)).toBe(true);
    expect(matcher.matches(0x0a0a3201)).toBe(true);
    expect(matcher.matches(0x0a0a0a0a)).toBe(false);
  });

  it('finds nothing for text that cannot occur in an IPv4 address', () => {
    const matcher = new TextMatcher(IPV4_TEXT_TEMPLATE, 'server');
    expect(matcher.countBetween(0, 2 ** 32 - 1)).toBe(0);
    expect(matcher.nextMatch(0, 2 ** 32 - 1)).toBeNull();
  });

  it('counts every address for the query "." and none below the range start', () => {
    const matcher = new TextMatcher(IPV4_TEXT_TEMPLATE, '.');
    expect(matcher.countBetween(0, 2 ** 32 - 1)).toBe(2 ** 32);
    expect(matcher.countUpTo(-1)).toBe(0);
  });

  it('refuses an empty or over-long query', () => {
    expect(() => new TextMatcher(IPV4_TEXT_TEMPLATE, '')).toThrow(RangeError);
    expect(() => new TextMatcher(IPV4_TEXT_TEMPLATE, '1'.repeat(65))).toThrow(RangeError);
  });

  it('agrees with a brute-force scan on random ranges and queries', () => {
    const query = fc.stringMatching(/^[0-9.]{1,5}$/);
    const range = fc
      .tuple(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 3000 }))
      .map(([start, span]) => [start, Math.min(2 ** 32 - 1, start + span)] as const);
    fc.assert(
      fc.property(query, range, (q, [from, to]) => {
        const matcher = new TextMatcher(IPV4_TEXT_TEMPLATE, q);
        expect(matcher.countBetween(from, to)).toBe(bruteCount(q, from, to));
        let expected: number | null = null;
        for (let v = from; v <= to; v++) {
          if (ipv4Text(v).includes(q)) {
            expected = v;
            break;
          }
        }
        expect(matcher.nextMatch(from, to)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
