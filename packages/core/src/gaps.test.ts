import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrefix, parseCidr } from './cidr.js';
import { planGaps, prefixGaps, rangeToCidrs } from './gaps.js';
import { prefixLast, prefixOf, type Prefix } from './prefix.js';

const cidr = (text: string): Prefix => {
  const prefix = parseCidr(text);
  if (prefix === null) throw new Error(`bad test prefix ${text}`);
  return prefix;
};
const texts = (prefixes: readonly Prefix[]): string[] => prefixes.map(formatPrefix);

/** Asserts the blocks cover start..end exactly once, in order, each aligned on its own size. */
function expectExactCover(blocks: readonly Prefix[], start: bigint, end: bigint): void {
  let next = start;
  for (const block of blocks) {
    expect(block.network).toBe(next);
    expect(prefixOf(block.version, block.network, block.length).network).toBe(block.network);
    next = prefixLast(block) + 1n;
  }
  expect(next).toBe(end + 1n);
}

describe('rangeToCidrs', () => {
  it('covers an unaligned IPv4 range with the fewest blocks', () => {
    expect(texts(rangeToCidrs(4, 0x0a000001n, 0x0a000006n))).toEqual([
      '10.0.0.1/32',
      '10.0.0.2/31',
      '10.0.0.4/31',
      '10.0.0.6/32',
    ]);
  });

  it('turns the whole IPv4 space into 0.0.0.0/0', () => {
    expect(texts(rangeToCidrs(4, 0n, 0xffffffffn))).toEqual(['0.0.0.0/0']);
  });

  it('turns the whole IPv6 space into ::/0', () => {
    expect(texts(rangeToCidrs(6, 0n, (1n << 128n) - 1n))).toEqual(['::/0']);
  });

  it('gives a single address as a /32', () => {
    expect(texts(rangeToCidrs(4, 0xc0a80105n, 0xc0a80105n))).toEqual(['192.168.1.5/32']);
  });

  it('covers any IPv6 range exactly with aligned blocks', () => {
    const max = (1n << 128n) - 1n;
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max }), fc.bigInt({ min: 0n, max }), (a, b) => {
        const [start, end] = a <= b ? [a, b] : [b, a];
        const blocks = rangeToCidrs(6, start, end);
        expectExactCover(blocks, start, end);
        expect(blocks.length).toBeLessThanOrEqual(2 * 128);
      }),
    );
  });
});

describe('prefixGaps', () => {
  it('lists the free part of a /24 around one used /26', () => {
    expect(texts(prefixGaps(cidr('10.0.0.0/24'), [cidr('10.0.0.64/26')]))).toEqual([
      '10.0.0.0/26',
      '10.0.0.128/25',
    ]);
  });

  it('gives the whole parent when nothing is inside it', () => {
    expect(texts(prefixGaps(cidr('10.0.0.0/24'), [cidr('10.0.1.0/24')]))).toEqual(['10.0.0.0/24']);
  });

  it('ignores children of the other IP version', () => {
    expect(texts(prefixGaps(cidr('0.0.0.0/30'), [cidr('::/126')]))).toEqual(['0.0.0.0/30']);
  });

  it('gives nothing when nested children cover the parent', () => {
    const children = ['10.0.0.0/25', '10.0.0.0/26', '10.0.0.128/25'].map(cidr);
    expect(prefixGaps(cidr('10.0.0.0/24'), children)).toEqual([]);
  });

  it('tiles the parent exactly together with random disjoint children, with no mergeable gap pair', () => {
    // Carve the parent recursively: each block becomes a child, a hole, or two halves to carve further.
    const carve = (block: Prefix, choices: number[]): Prefix[] => {
      const choice = block.length >= 32 ? 0 : (choices.shift() ?? 0) % 3;
      if (choice === 0) return [block];
      if (choice === 1) return [];
      const half = 1n << BigInt(31 - block.length);
      const left = { version: 4 as const, network: block.network, length: block.length + 1 };
      return [...carve(left, choices), ...carve({ ...left, network: block.network + half }, choices)];
    };
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 0xffffffffn }),
        fc.integer({ min: 8, max: 32 }),
        fc.array(fc.nat(), { maxLength: 60 }),
        (value, length, choices) => {
          const parent = prefixOf(4, value, length);
          const children = carve(parent, choices);
          const gaps = prefixGaps(parent, children);
          const all = [...children, ...gaps].sort((a, b) => (a.network < b.network ? -1 : 1));
          expectExactCover(all, parent.network, prefixLast(parent));
          for (let i = 1; i < gaps.length; i++) {
            const [a, b] = [gaps[i - 1]!, gaps[i]!];
            const isBuddyPair =
              a.length === b.length &&
              prefixLast(a) + 1n === b.network &&
              prefixOf(4, a.network, a.length - 1).network === a.network;
            expect(isBuddyPair).toBe(false);
          }
        },
      ),
    );
  });
});

describe('planGaps', () => {
  const subnet = (id: string, text: string) => ({ id, prefix: cidr(text) });

  it('reports the space between two subnets with the subnets on each side', () => {
    expect(planGaps([subnet('b', '10.0.2.0/24'), subnet('a', '10.0.0.0/24')])).toEqual([
      {
        version: 4,
        startAddress: '10.0.1.0',
        endAddress: '10.0.1.255',
        size: 256n,
        beforeSubnet: 'a',
        afterSubnet: 'b',
      },
    ]);
  });

  it('reports no gap between adjacent subnets', () => {
    expect(planGaps([subnet('a', '10.0.0.0/25'), subnet('b', '10.0.0.128/25')])).toEqual([]);
  });

  it('counts a nested subnet once and names the subnet that reaches the gap', () => {
    const gaps = planGaps([
      subnet('p', '10.0.0.0/24'),
      subnet('c', '10.0.0.0/25'),
      subnet('n', '10.0.2.0/24'),
    ]);
    expect(gaps.map((gap) => [gap.beforeSubnet, gap.startAddress, gap.afterSubnet])).toEqual([
      ['p', '10.0.1.0', 'n'],
    ]);
  });

  it('keeps IPv4 and IPv6 apart and sizes IPv6 gaps as bigint', () => {
    const gaps = planGaps([
      subnet('a', '2001:db8::/64'),
      subnet('b', '2001:db8:0:2::/64'),
      subnet('c', '10.0.0.0/8'),
    ]);
    expect(gaps).toEqual([
      {
        version: 6,
        startAddress: '2001:db8:0:1::',
        endAddress: '2001:db8:0:1:ffff:ffff:ffff:ffff',
        size: 1n << 64n,
        beforeSubnet: 'a',
        afterSubnet: 'b',
      },
    ]);
  });
});
