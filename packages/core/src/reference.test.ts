/**
 * Differential test: our parsers, formatter and calculators against Python's `ipaddress` module on
 * thousands of random and edge-case inputs, asked in one python3 process.
 *
 * Where the rules differ on purpose, the comparison is limited to inputs where they coincide:
 * - Python accepts a `%zone` on any IPv6 address (and any zone text); we accept one only on fe80::/10
 *   with RFC 6874 characters. Inputs with `%` are compared one way only: what we accept, Python does.
 * - Python reads `0.0.0.0/0.0.0.255` as a host mask and `/08` as 8; we refuse both. Masks are compared
 *   where Python read them as a netmask; prefix lengths are generated without leading zeros.
 * - Python's IPv6 `hosts()` leaves out the Subnet-Router anycast address; the spec counts every IPv6
 *   address as usable, so usable-host counts are compared for IPv4 only.
 * - Python writes IPv4-mapped addresses in hex (`::ffff:102:304`); RFC 5952 §5 and we write
 *   `::ffff:1.2.3.4`, so that case is compared against Python's `ipv4_mapped` instead.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { askPython, hasPython, type ReferenceAnswer, type ReferenceQuery } from '../test/python-reference.js';
import { parseAddress } from './ip-address.js';
import { calculateIPv4 } from './calculator-ipv4.js';
import { calculateIPv6 } from './calculator-ipv6.js';
import { formatIPv4 } from './ipv4.js';
import { formatIPv6, IPV6_MAX } from './ipv6.js';
import { parseIPv4Mask } from './mask.js';

const SEED = 20260522;
const sample = <T>(arbitrary: fc.Arbitrary<T>, count: number): T[] =>
  fc.sample(arbitrary, { numRuns: count, seed: SEED });

const uint32 = fc.integer({ min: 0, max: 0xffffffff });
const word = fc.oneof(
  fc.constant(0),
  fc.constant(0),
  fc.constant(0xffff),
  fc.integer({ min: 0, max: 0xffff }),
);
const sparse128 = fc
  .array(word, { minLength: 8, maxLength: 8 })
  .map((words) => words.reduce((sum, w) => (sum << 16n) | BigInt(w), 0n));
const value128 = fc.oneof(fc.bigInt({ min: 0n, max: IPV6_MAX }), sparse128);

/** Text forms a user may type: canonical, fully expanded, upper case, with an IPv4 tail. */
function ipv6Spellings(value: bigint): string[] {
  const full = value.toString(16).padStart(32, '0').match(/.{4}/g) ?? [];
  const tail = formatIPv4(Number(value & 0xffffffffn));
  return [
    formatIPv6(value),
    full.join(':'),
    formatIPv6(value).toUpperCase(),
    `${full.slice(0, 6).join(':')}:${tail}`,
  ];
}

/** Mutations of valid texts (a character inserted, dropped or replaced) to probe the borders of validity. */
const alphabet = '0123456789abcdefABCDEFgG:.:.%/ x-';
const mutated = fc
  .tuple(
    fc.oneof(
      uint32.map(formatIPv4),
      value128.map(formatIPv6),
      value128.map((v) => ipv6Spellings(v)[3] ?? ''),
    ),
    fc.nat(),
    fc.integer({ min: 0, max: 2 }),
    fc.constantFrom(...alphabet),
  )
  .map(([text, at, kind, char]) => {
    const i = at % (text.length + 1);
    if (kind === 0) return text.slice(0, i) + char + text.slice(i);
    if (kind === 1) return text.slice(0, i) + text.slice(i + 1);
    return text.slice(0, i) + char + text.slice(i + 1);
  });
const randomText = fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 20 });

const edgeNetworks = ['0.0.0.0/0', '255.255.255.255/32', '10.0.0.7/31', '192.168.1.10/24', '::/0', '::1/128'];
const edgeAddresses = ['0.0.0.0', '255.255.255.255', '010.0.0.1', '127.1', '0x7f.0.0.1', '::', '::1', ':::'];
const edgeAddresses6 = [
  '1:2:3:4:5:6:7::',
  '::2:3:4:5:6:7:8',
  '1::2:3:4:5:6:7:8',
  '::ffff:1.2.3.4',
  'fe80::1%eth0',
];

const v4Networks = sample(fc.tuple(uint32, fc.integer({ min: 0, max: 32 })), 3000).map(
  ([v, n]) => `${formatIPv4(v)}/${n}`,
);
const v6Networks = sample(fc.tuple(value128, fc.integer({ min: 0, max: 128 })), 3000).map(
  ([v, n]) => `${ipv6Spellings(v)[v % 4n === 0n ? 1 : 0]}/${n}`,
);
const query: ReferenceQuery = {
  networks: [...edgeNetworks, ...v4Networks, ...v6Networks],
  ipv6Values: sample(value128, 3000).map((v) => v.toString(16)),
  addresses: [...edgeAddresses, ...edgeAddresses6, ...sample(fc.oneof(mutated, randomText), 6000)],
  masks: [
    ...Array.from({ length: 33 }, (_, n) => formatIPv4(n === 0 ? 0 : (0xffffffff << (32 - n)) >>> 0)),
    ...sample(uint32.map(formatIPv4), 1000),
  ],
};

const python = hasPython();
if (!python) console.warn('reference.test.ts skipped: python3 with the ipaddress module is not installed');
const answer: ReferenceAnswer | null = python ? askPython(query) : null;

describe.skipIf(!python)('agreement with Python ipaddress', () => {
  it(`computes the same networks for ${query.networks.length} random and edge-case prefixes`, () => {
    const mismatches = query.networks.flatMap((text, i): unknown[] => {
      const expected = answer?.networks[i];
      const slash = text.lastIndexOf('/');
      const [address, length] = [text.slice(0, slash), text.slice(slash + 1)];
      const outcome = text.includes(':') ? calculateIPv6(address, length) : calculateIPv4(address, length);
      if (!outcome.ok || !expected) return [{ text, outcome, expected }];
      const r = outcome.result;
      const ours = {
        network: r.networkAddress,
        last: r.version === 4 ? (r.broadcastAddress ?? r.lastUsable) : r.lastAddress,
        netmask: r.subnetMask,
        hostmask:
          r.version === 4 ? r.wildcardMask : formatIPv6(IPV6_MAX ^ (parseAddress(r.subnetMask)?.value ?? 0n)),
        numAddresses: String(r.totalAddresses),
        hosts: expected.hosts === null ? null : Number(r.totalHosts),
      };
      // Python writes IPv4-mapped addresses in hex; only those are compared through their values.
      const same = (a: string, b: string) =>
        a === b || (/^::ffff:[\d.]+$/.test(a) && parseAddress(a)?.value === parseAddress(b)?.value);
      const isSame =
        same(ours.network, expected.network) &&
        same(ours.last, expected.last) &&
        same(ours.netmask, expected.netmask) &&
        same(ours.hostmask, expected.hostmask) &&
        ours.numAddresses === expected.numAddresses &&
        ours.hosts === expected.hosts;
      return isSame ? [] : [{ text, ours, expected }];
    });
    expect(mismatches).toEqual([]);
  });

  it(`writes ${query.ipv6Values.length} IPv6 values as Python's compressed form (RFC 5952)`, () => {
    const mismatches = query.ipv6Values.flatMap((hex, i) => {
      const expected = answer?.ipv6Values[i];
      const ours = formatIPv6(BigInt(`0x${hex}`));
      const wanted = expected?.mappedIPv4 ? `::ffff:${expected.mappedIPv4}` : expected?.text;
      return ours === wanted ? [] : [{ hex, ours, wanted }];
    });
    expect(mismatches).toEqual([]);
  });

  it(`agrees on validity and value of ${query.addresses.length} address texts`, () => {
    const mismatches = query.addresses.flatMap((text, i) => {
      const expected = answer?.addresses[i] ?? null;
      const ours = parseAddress(text);
      const oursValue = ours === null ? null : String(ours.value);
      // Zones: Python is looser (any address, any zone text); we must only never accept more.
      if (text.includes('%') && ours === null) return [];
      return oursValue === expected ? [] : [{ text, ours: oursValue, expected }];
    });
    expect(mismatches).toEqual([]);
  });

  it(`reads ${query.masks.length} dotted masks to the same prefix length`, () => {
    const mismatches = query.masks.flatMap((mask, i) => {
      const expected = answer?.masks[i] ?? null;
      const ours = parseIPv4Mask(mask);
      return ours === expected ? [] : [{ mask, ours, expected }];
    });
    expect(mismatches).toEqual([]);
  });

  it('was given enough inputs of each kind to mean something', () => {
    const accepted = answer?.addresses.filter((value) => value !== null).length ?? 0;
    expect(accepted).toBeGreaterThan(500);
    expect(query.addresses.length - accepted).toBeGreaterThan(500);
    expect(answer?.masks.filter((length) => length !== null).length).toBeGreaterThanOrEqual(33);
  });
});
