import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrefix, parseCidr } from './cidr.js';
import { messages } from './messages.js';
import { prefixLast, prefixOf, type Prefix } from './prefix.js';
import { checkSplitCount, MAX_SPLIT_CHILDREN, splitPrefix, type PrefixSplit } from './split.js';

const cidr = (text: string): Prefix => {
  const prefix = parseCidr(text);
  if (prefix === null) throw new Error(`bad test prefix ${text}`);
  return prefix;
};
const split = (text: string, newLength: number): PrefixSplit => {
  const result = splitPrefix(cidr(text), newLength);
  if (!result.ok) throw new Error(result.message);
  return result.split;
};

describe('splitPrefix', () => {
  it('splits a /24 into four /26 children in address order', () => {
    expect(split('192.168.1.0/24', 26).first(10).map(formatPrefix)).toEqual([
      '192.168.1.0/26',
      '192.168.1.64/26',
      '192.168.1.128/26',
      '192.168.1.192/26',
    ]);
  });

  it('counts 2^(new - current) children', () => {
    expect(split('10.0.0.0/16', 24).count).toBe(256n);
  });

  it('previews the first 10 of a /8 split into 16,777,216 /32s', () => {
    const children = split('10.0.0.0/8', 32);
    expect([children.count, children.first(10).length, formatPrefix(children.childAt(9n))]).toEqual([
      16777216n,
      10,
      '10.0.0.9/32',
    ]);
  });

  it('reaches the last child of an IPv6 /64 split into /128s directly', () => {
    expect(formatPrefix(split('2001:db8::/64', 128).childAt((1n << 64n) - 1n))).toBe(
      '2001:db8::ffff:ffff:ffff:ffff/128',
    );
  });

  it('refuses a child index outside the split', () => {
    expect(() => split('10.0.0.0/24', 25).childAt(2n)).toThrow(RangeError);
  });

  it('gives 62 usable hosts per /26 child', () => {
    expect(split('10.0.0.0/24', 26).hostsPerChild).toBe(62n);
  });

  it('gives 2 usable hosts per /31 child (RFC 3021)', () => {
    expect(split('10.0.0.0/24', 31).hostsPerChild).toBe(2n);
  });

  it('gives 1 usable host per /32 child', () => {
    expect(split('10.0.0.0/24', 32).hostsPerChild).toBe(1n);
  });

  it('counts every address of an IPv6 child as usable', () => {
    expect(split('2001:db8::/48', 64).hostsPerChild).toBe(1n << 64n);
  });

  it("refuses the current length with the spec's message", () => {
    expect(splitPrefix(cidr('10.0.0.0/24'), 24)).toEqual({
      ok: false,
      code: 'split_not_larger',
      message: 'New CIDR must be larger than current CIDR',
    });
  });

  it('refuses a shorter length', () => {
    expect(splitPrefix(cidr('10.0.0.0/24'), 20)).toMatchObject({ ok: false, code: 'split_not_larger' });
  });

  it('refuses an IPv4 length beyond 32', () => {
    expect(splitPrefix(cidr('10.0.0.0/24'), 33)).toEqual({
      ok: false,
      code: 'split_too_long',
      message: messages.splitTooLong(32),
    });
  });

  it('refuses an IPv6 length beyond 128', () => {
    expect(splitPrefix(cidr('2001:db8::/64'), 129)).toMatchObject({ ok: false, code: 'split_too_long' });
  });

  it('tiles the parent exactly with its children', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 0xffffffffn }),
        fc.integer({ min: 0, max: 31 }),
        fc.integer({ min: 1, max: 8 }),
        (value, length, extra) => {
          const parent = prefixOf(4, value, length);
          const newLength = Math.min(32, length + extra);
          const result = splitPrefix(parent, newLength);
          if (!result.ok) throw new Error(result.message);
          const children = result.split.first(256);
          expect(BigInt(children.length)).toBe(result.split.count);
          let next = parent.network;
          for (const child of children) {
            expect([child.network, child.length]).toEqual([next, newLength]);
            next = prefixLast(child) + 1n;
          }
          expect(next).toBe(prefixLast(parent) + 1n);
        },
      ),
    );
  });
});

describe('checkSplitCount', () => {
  it(`allows a split into ${MAX_SPLIT_CHILDREN} subnets`, () => {
    expect(checkSplitCount(split('10.0.0.0/16', 28))).toBeNull();
  });

  it('refuses to store a split into more subnets than that', () => {
    expect(checkSplitCount(split('10.0.0.0/8', 32))).toBe(
      messages.splitTooManyChildren(16777216n, MAX_SPLIT_CHILDREN),
    );
  });
});
