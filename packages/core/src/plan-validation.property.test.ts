import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAddress } from './ip-address.js';
import { planSubnetPrefix } from './plan-subnet-details.js';
import { validatePlan, type ValidationSubnet } from './plan-validation.js';
import { prefixLast, prefixOf } from './prefix.js';

const now = new Date(0);

/** Random IPv4 and IPv6 subnets packed into small ranges so that they often overlap. */
const plans = fc
  .array(
    fc.oneof(
      fc.tuple(fc.constant(4 as const), fc.integer({ min: 0, max: 4095 }), fc.integer({ min: 20, max: 32 })),
      fc.tuple(
        fc.constant(6 as const),
        fc.integer({ min: 0, max: 4095 }),
        fc.integer({ min: 116, max: 128 }),
      ),
    ),
    { maxLength: 40 },
  )
  .map((specs) =>
    specs.map(([version, offset, length], index): ValidationSubnet => {
      const base = version === 4 ? 0x0a000000n : 0x20010db8n << 96n;
      const prefix = prefixOf(version, base + BigInt(offset), length);
      return {
        id: `s${index}`,
        name: `s${index}`,
        parentSubnetId: null,
        ipVersion: version === 4 ? 'IPv4' : 'IPv6',
        networkAddress: formatAddress(version, prefix.network),
        cidr: length,
        reservedAddresses: [],
        planning: { currentHosts: 0, plannedGrowth: 25 },
      };
    }),
  );

describe('validatePlan properties (PL-110)', () => {
  it('PL-28: overlaps equal a brute-force n² oracle on random IPv4 and IPv6 plans', () => {
    fc.assert(
      fc.property(plans, (subnets) => {
        const expected = new Set<string>();
        for (let i = 0; i < subnets.length; i++) {
          for (let j = i + 1; j < subnets.length; j++) {
            const [a, b] = [planSubnetPrefix(subnets[i]!), planSubnetPrefix(subnets[j]!)];
            if (a.version !== b.version) continue;
            if (a.network > prefixLast(b) || b.network > prefixLast(a)) continue;
            const isDuplicate = a.network === b.network && a.length === b.length;
            const outer = isDuplicate
              ? [i, j].sort().join('=')
              : a.length <= b.length
                ? `${i}>${j}`
                : `${j}>${i}`;
            expected.add(`${outer}|${isDuplicate}`);
          }
        }
        const actual = new Set(
          validatePlan(subnets, now).overlaps.map((overlap) => {
            expect(overlap.overlapType).toBe('complete'); // prefixes only nest or stay apart
            const [i, j] = [Number(overlap.subnet1.id.slice(1)), Number(overlap.subnet2.id.slice(1))];
            return `${overlap.isDuplicate ? [i, j].sort().join('=') : `${i}>${j}`}|${overlap.isDuplicate}`;
          }),
        );
        expect(actual).toEqual(expected);
      }),
    );
  });

  it('PL-29: the gaps and the subnets together cover each version from its first to its last address', () => {
    fc.assert(
      fc.property(plans, (subnets) => {
        const { gaps } = validatePlan(subnets, now);
        for (const version of [4, 6] as const) {
          const ranges = subnets
            .map(planSubnetPrefix)
            .filter((prefix) => prefix.version === version)
            .map((prefix) => ({ start: prefix.network, end: prefixLast(prefix), isGap: false }));
          if (ranges.length === 0) continue;
          const parse = (text: string): bigint =>
            version === 4
              ? text.split('.').reduce((sum, part) => sum * 256n + BigInt(part), 0n)
              : planSubnetPrefix({ ipVersion: 'IPv6', networkAddress: text, cidr: 128 }).network;
          for (const gap of gaps.filter((g) => g.version === (version === 4 ? 'IPv4' : 'IPv6'))) {
            const start = parse(gap.startAddress);
            const end = parse(gap.endAddress);
            expect(BigInt(gap.size)).toBe(end - start + 1n);
            // A gap touches no subnet.
            for (const range of ranges) expect(range.end < start || range.start > end).toBe(true);
            ranges.push({ start, end, isGap: true });
          }
          ranges.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
          let reach = ranges[0]!.start - 1n;
          for (const range of ranges) {
            expect(range.start <= reach + 1n).toBe(true); // no hole left uncovered
            if (range.end > reach) reach = range.end;
          }
          expect(reach).toBe(ranges.reduce((max, r) => (r.end > max ? r.end : max), 0n));
        }
      }),
    );
  });
});
