import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PlacedSubnetIndex } from './placed-subnet-index.js';
import { prefixOf, type Prefix } from './prefix.js';
import { neighboursOf, placementConflict, type PlacedSubnet } from './subnet-placement.js';

const v4 = (text: string, length: number): Prefix => {
  const value = text.split('.').reduce((sum, octet) => (sum << 8n) + BigInt(octet), 0n);
  return prefixOf(4, value, length);
};

/** Random candidates packed into 10.0.0.0/20 (IPv4) and a /116 (IPv6) so that they often collide. */
const candidates = fc.array(
  fc.record({
    version: fc.constantFrom(4 as const, 6 as const),
    offset: fc.integer({ min: 0, max: 4095 }),
    hostBits: fc.integer({ min: 0, max: 12 }),
    kind: fc.constantFrom('leaf' as const, 'container' as const),
  }),
  { maxLength: 80 },
);

describe('PlacedSubnetIndex', () => {
  it('finds a subnet by its prefix, the subnets around a prefix, and the lowest one inside it', () => {
    const site = { id: 'site', name: 'Site', prefix: v4('10.1.0.0', 16), kind: 'container' as const };
    const high = { id: 'high', name: 'High', prefix: v4('10.1.200.0', 24), kind: 'leaf' as const };
    const low = { id: 'low', name: 'Low', prefix: v4('10.1.7.0', 24), kind: 'leaf' as const };
    const index = new PlacedSubnetIndex([site, high, low]);
    expect(index.at(v4('10.1.7.0', 24))).toEqual([low]);
    expect(index.at(v4('10.1.8.0', 24))).toEqual([]);
    expect(index.neighboursOf(v4('10.1.7.128', 25))).toEqual({ enclosing: [low, site], inside: [] });
    expect(index.neighboursOf(v4('10.0.0.0', 8))).toEqual({ enclosing: [], inside: [site] });
    expect(index.neighboursOf(v4('10.1.0.0', 17))).toEqual({ enclosing: [site], inside: [low] });
    // Another version with the same bits is elsewhere.
    expect(index.neighboursOf(prefixOf(6, site.prefix.network, 112))).toEqual({ enclosing: [], inside: [] });
  });

  it('decides every placement as the list of every subnet does, one subnet after another', () => {
    fc.assert(
      fc.property(candidates, (list) => {
        const placed: PlacedSubnet[] = [];
        const index = new PlacedSubnetIndex<PlacedSubnet>();
        list.forEach(({ version, offset, hostBits, kind }, i) => {
          const base = version === 4 ? 0x0a000000n : 0x20010db8n << 96n;
          const prefix = prefixOf(version, base + BigInt(offset), (version === 4 ? 32 : 128) - hostBits);
          const candidate = { id: `s${i}`, name: `S${i}`, prefix, kind };
          const byList = neighboursOf(placed, prefix);
          const expected = placementConflict(candidate, byList.enclosing, byList.inside);
          const byIndex = index.neighboursOf(prefix);
          const actual = placementConflict(candidate, byIndex.enclosing, byIndex.inside);
          expect(byIndex.enclosing).toEqual(expect.arrayContaining(byList.enclosing));
          expect(byIndex.enclosing).toHaveLength(byList.enclosing.length);
          // Two subnets inside at the same network may be named either way; the address is the same.
          expect(actual?.other.prefix.network).toEqual(expected?.other.prefix.network);
          if (!expected) {
            placed.push(candidate);
            index.add(candidate);
          }
        });
      }),
      { numRuns: 300 },
    );
  });
});
