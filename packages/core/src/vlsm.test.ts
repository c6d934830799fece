import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrefix, parseCidr } from './cidr.js';
import { messages } from './messages.js';
import { prefixLast, prefixOf, usableHostCount, type Prefix } from './prefix.js';
import { allocateVlsm, smallestPrefixLengthFor } from './vlsm.js';

const cidr = (text: string): Prefix => {
  const prefix = parseCidr(text);
  if (prefix === null) throw new Error(`bad test prefix ${text}`);
  return prefix;
};
const summary = (plan: ReturnType<typeof allocateVlsm>): string[] =>
  plan.allocations.map((allocation) => `${allocation.name} ${formatPrefix(allocation.prefix)}`);

describe('smallestPrefixLengthFor', () => {
  it('gives /32 for one IPv4 host', () => {
    expect(smallestPrefixLengthFor(4, 1n)).toBe(32);
  });

  it('gives /31 for two IPv4 hosts (RFC 3021 point-to-point)', () => {
    expect(smallestPrefixLengthFor(4, 2n)).toBe(31);
  });

  it('gives /29 for three IPv4 hosts (a /30 has only two)', () => {
    expect(smallestPrefixLengthFor(4, 3n)).toBe(29);
  });

  it('gives /24 for 254 IPv4 hosts and /23 for 255', () => {
    expect([smallestPrefixLengthFor(4, 254n), smallestPrefixLengthFor(4, 255n)]).toEqual([24, 23]);
  });

  it('gives /120 for 256 IPv6 hosts (no addresses set aside)', () => {
    expect(smallestPrefixLengthFor(6, 256n)).toBe(120);
  });

  it('gives null when more hosts are asked than IPv4 has', () => {
    expect(smallestPrefixLengthFor(4, 1n << 33n)).toBeNull();
  });

  it('equals the longest length a plain walk from /32 or /128 finds, for any host count', () => {
    const walk = (version: 4 | 6, hosts: bigint): number | null => {
      for (let length = version === 4 ? 32 : 128; length >= 0; length--) {
        if (usableHostCount(version, length) >= hosts) return length;
      }
      return null;
    };
    fc.assert(
      fc.property(
        fc.constantFrom(4 as const, 6 as const),
        fc.bigInt({ min: 0n, max: 1n << 129n }),
        (version, hosts) => {
          expect(smallestPrefixLengthFor(version, hosts)).toBe(walk(version, hosts));
        },
      ),
    );
    for (const hosts of [
      0n,
      1n,
      2n,
      3n,
      4n,
      5n,
      6n,
      7n,
      2n ** 32n - 2n,
      2n ** 32n - 1n,
      2n ** 32n,
      2n ** 128n,
      2n ** 128n + 1n,
    ]) {
      expect([hosts, smallestPrefixLengthFor(4, hosts), smallestPrefixLengthFor(6, hosts)]).toEqual([
        hosts,
        walk(4, hosts),
        walk(6, hosts),
      ]);
    }
  });
});

describe('allocateVlsm', () => {
  it('places the largest request first, each in the smallest block, packed from the start', () => {
    const plan = allocateVlsm(cidr('192.168.1.0/24'), [
      { name: 'links', hosts: 2 },
      { name: 'users', hosts: 100 },
      { name: 'printers', hosts: 20 },
      { name: 'servers', hosts: 50 },
    ]);
    expect(summary(plan)).toEqual([
      'users 192.168.1.0/25',
      'servers 192.168.1.128/26',
      'printers 192.168.1.192/27',
      'links 192.168.1.224/31',
    ]);
  });

  it('refuses the requests left once the parent is full, in request order', () => {
    const plan = allocateVlsm(cidr('10.0.0.0/24'), [
      { name: 'd', hosts: 1 },
      { name: 'a', hosts: 120 },
      { name: 'b', hosts: 120 },
      { name: 'c', hosts: 120 },
    ]);
    expect([summary(plan), plan.refused.map((r) => r.name)]).toEqual([
      ['a 10.0.0.0/25', 'b 10.0.0.128/25'],
      ['d', 'c'],
    ]);
  });

  it('still places smaller requests after one larger than the parent', () => {
    const plan = allocateVlsm(cidr('10.0.0.0/28'), [
      { name: 'big', hosts: 100 },
      { name: 'small', hosts: 5 },
    ]);
    expect([summary(plan), plan.refused.map((r) => r.name)]).toEqual([['small 10.0.0.0/29'], ['big']]);
  });

  it('refuses a request larger than the whole parent', () => {
    expect(allocateVlsm(cidr('10.0.0.0/28'), [{ name: 'big', hosts: 100 }]).refused).toEqual([
      { name: 'big', hosts: 100, message: messages.vlsmDoesNotFit },
    ]);
  });

  it('refuses a host count of zero', () => {
    expect(allocateVlsm(cidr('10.0.0.0/24'), [{ name: 'none', hosts: 0 }]).refused).toEqual([
      { name: 'none', hosts: 0, message: messages.vlsmInvalidHosts },
    ]);
  });

  it('refuses a fractional host count', () => {
    expect(allocateVlsm(cidr('10.0.0.0/24'), [{ name: 'half', hosts: 1.5 }]).refused).toHaveLength(1);
  });

  it('sizes IPv6 requests without network or broadcast', () => {
    expect(summary(allocateVlsm(cidr('2001:db8::/120'), [{ name: 'all', hosts: 256 }]))).toEqual([
      'all 2001:db8::/120',
    ]);
  });

  it('gives disjoint, aligned, smallest-fitting blocks inside the parent, and accounts for every request', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 0xffffffffn }),
        fc.integer({ min: 16, max: 28 }),
        fc.array(fc.integer({ min: 1, max: 3000 }), { maxLength: 20 }),
        (value, length, hostCounts) => {
          const parent = prefixOf(4, value, length);
          const plan = allocateVlsm(
            parent,
            hostCounts.map((hosts, i) => ({ name: `r${i}`, hosts })),
          );
          expect(plan.allocations.length + plan.refused.length).toBe(hostCounts.length);
          let next = parent.network;
          for (const { prefix, hosts } of plan.allocations) {
            expect(prefix.network).toBeGreaterThanOrEqual(next);
            expect(prefixOf(4, prefix.network, prefix.length).network).toBe(prefix.network);
            expect(usableHostCount(4, prefix.length)).toBeGreaterThanOrEqual(BigInt(hosts));
            if (prefix.length < 32) expect(usableHostCount(4, prefix.length + 1)).toBeLessThan(BigInt(hosts));
            next = prefixLast(prefix) + 1n;
          }
          expect(next).toBeLessThanOrEqual(prefixLast(parent) + 1n);
        },
      ),
    );
  });
});
