import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findOverlaps, rangeOfItem, type Overlap, type OverlapItem } from './overlap.js';
import { prefixOf, type IpVersion } from './prefix.js';

const v4 = (id: string, network: bigint, length: number, parentId?: string): OverlapItem => ({
  id,
  prefix: prefixOf(4, network, length),
  parentId,
});
const range = (id: string, start: bigint, end: bigint, version: IpVersion = 4): OverlapItem => ({
  id,
  range: { version, start, end },
});

/** The obvious O(n²) definition, as the reference the sweep is held to. */
function naiveOverlaps(items: readonly OverlapItem[]): Overlap[] {
  const ancestors = (index: number): Set<string> => {
    const seen = new Set<string>();
    let parent = items[index]?.parentId;
    while (parent != null && !seen.has(parent)) {
      seen.add(parent);
      parent = items.find((item) => item.id === parent)?.parentId;
    }
    return seen;
  };
  const result: Overlap[] = [];
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const a = rangeOfItem(items[i]!);
      const b = rangeOfItem(items[j]!);
      if (a.version !== b.version || a.end < b.start || b.end < a.start) continue;
      const [idA, idB] = [items[i]!.id, items[j]!.id];
      if (ancestors(i).has(idB) || ancestors(j).has(idA)) continue;
      const aContainsB = a.start <= b.start && a.end >= b.end;
      const bContainsA = b.start <= a.start && b.end >= a.end;
      const [firstId, secondId] = !aContainsB && bContainsA ? [idB, idA] : [idA, idB];
      result.push({
        firstId,
        secondId,
        overlapType: aContainsB || bContainsA ? 'complete' : 'partial',
        isDuplicate: aContainsB && bContainsA,
      });
    }
  }
  return result;
}

/** Order-independent form: partial pairs have no natural direction, so their ids are sorted. */
const canonical = (overlaps: readonly Overlap[]): string[] =>
  overlaps
    .map((o) => {
      const ids =
        o.overlapType === 'partial' || o.isDuplicate
          ? [o.firstId, o.secondId].sort()
          : [o.firstId, o.secondId];
      return `${ids.join('>')}:${o.overlapType}:${o.isDuplicate}`;
    })
    .sort();

describe('findOverlaps', () => {
  it('reports a prefix inside another as a complete overlap, container first', () => {
    expect(findOverlaps([v4('small', 0x0a000100n, 24), v4('big', 0x0a000000n, 16)])).toEqual([
      { firstId: 'big', secondId: 'small', overlapType: 'complete', isDuplicate: false },
    ]);
  });

  it('reports identical prefixes as a duplicate', () => {
    expect(findOverlaps([v4('a', 0x0a000000n, 24), v4('b', 0x0a000000n, 24)])).toEqual([
      { firstId: 'a', secondId: 'b', overlapType: 'complete', isDuplicate: true },
    ]);
  });

  it('reports ranges that only intersect as partial', () => {
    expect(findOverlaps([range('a', 10n, 20n), range('b', 15n, 30n)])).toEqual([
      { firstId: 'a', secondId: 'b', overlapType: 'partial', isDuplicate: false },
    ]);
  });

  it('treats ranges that touch at one address as overlapping', () => {
    expect(findOverlaps([range('a', 10n, 20n), range('b', 20n, 30n)])).toHaveLength(1);
  });

  it('does not report adjacent prefixes', () => {
    expect(findOverlaps([v4('a', 0x0a000000n, 25), v4('b', 0x0a000080n, 25)])).toEqual([]);
  });

  it('never pairs an IPv4 item with an IPv6 item covering the same numbers', () => {
    expect(findOverlaps([range('a', 0n, 100n, 4), range('b', 0n, 100n, 6)])).toEqual([]);
  });

  it('skips a declared parent and child', () => {
    expect(findOverlaps([v4('parent', 0x0a000000n, 16), v4('child', 0x0a000000n, 24, 'parent')])).toEqual([]);
  });

  it('skips a declared grandparent and grandchild', () => {
    const items = [v4('g', 0n, 8), v4('p', 0n, 16, 'g'), v4('c', 0n, 24, 'p')];
    expect(findOverlaps(items)).toEqual([]);
  });

  it('still reports siblings that collide under the same parent', () => {
    const items = [v4('p', 0n, 16), v4('x', 0n, 24, 'p'), v4('y', 0n, 25, 'p')];
    expect(findOverlaps(items)).toEqual([
      { firstId: 'x', secondId: 'y', overlapType: 'complete', isDuplicate: false },
    ]);
  });

  it('treats items on a parentId cycle as related and still pairs them with others', () => {
    const items = [v4('a', 0n, 24, 'b'), v4('b', 0n, 25, 'a'), v4('c', 0n, 26)];
    expect(findOverlaps(items).map((o) => `${o.firstId}>${o.secondId}`)).toEqual(['a>c', 'b>c']);
  });

  it('finds all k pairs among many nested prefixes', () => {
    const nested = Array.from({ length: 25 }, (_, i) => v4(`n${i}`, 0n, 8 + i));
    expect(findOverlaps(nested)).toHaveLength((25 * 24) / 2);
  });
});

const itemArbitrary = (ids: readonly string[]): fc.Arbitrary<OverlapItem> =>
  fc
    .oneof(
      fc
        .record({ network: fc.bigInt({ min: 0n, max: 255n }), length: fc.integer({ min: 0, max: 8 }) })
        .map(({ network, length }) => ({ id: '', prefix: prefixOf(4, network << 24n, length) })),
      fc
        .record({
          start: fc.bigInt({ min: 0n, max: 60n }),
          size: fc.bigInt({ min: 0n, max: 20n }),
          v6: fc.boolean(),
        })
        .map(({ start, size, v6 }) => range('', start, start + size, v6 ? 6 : 4)),
    )
    .chain((item) =>
      fc.option(fc.constantFrom(...ids), { nil: undefined }).map((parentId) => ({ ...item, parentId })),
    );

describe('findOverlaps against the O(n²) reference', () => {
  it('finds the same pairs on random prefixes, ranges and parent links', () => {
    const ids = Array.from({ length: 40 }, (_, i) => `s${i}`);
    fc.assert(
      fc.property(fc.array(itemArbitrary(ids), { maxLength: 40 }), (raw) => {
        const items = raw.map((item, i) => ({ ...item, id: ids[i]! }));
        expect(canonical(findOverlaps(items))).toEqual(canonical(naiveOverlaps(items)));
      }),
      { numRuns: 300 },
    );
  });
});
