import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIPv6, IPV6_MAX, parseIPv6 } from './ipv6.js';

const hex = (text: string) => BigInt(`0x${text}`);

describe('parseIPv6', () => {
  it.each([
    ['::', 0n],
    ['::1', 1n],
    ['1::', hex('00010000000000000000000000000000')],
    ['2001:db8::1', hex('20010db8000000000000000000000001')],
    ['2001:DB8::A', hex('20010db800000000000000000000000a')],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', hex('20010db8000000000000000000000001')],
    ['1:2:3:4:5:6:7:8', hex('00010002000300040005000600070008')],
    ['1:2:3:4:5:6:7::', hex('00010002000300040005000600070000')],
    ['::2:3:4:5:6:7:8', hex('00000002000300040005000600070008')],
    ['1::8', hex('00010000000000000000000000000008')],
    ['ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', IPV6_MAX],
    ['::ffff:1.2.3.4', hex('00000000000000000000ffff01020304')],
    ['::FFFF:1.2.3.4', hex('00000000000000000000ffff01020304')],
    ['::1.2.3.4', hex('00000000000000000000000001020304')],
    ['64:ff9b::192.0.2.33', hex('0064ff9b0000000000000000c0000221')],
    ['1:2:3:4:5:6:1.2.3.4', hex('00010002000300040005000601020304')],
    ['fe80::1', hex('fe800000000000000000000000000001')],
  ])('reads %s', (text, value) => {
    expect(parseIPv6(text)).toEqual({ value, zone: null });
  });

  it.each([
    ['fe80::1%eth0', 'eth0'],
    ['fe80::%12', '12'],
    ['FEBF:ffff::1%wlan0.100', 'wlan0.100'],
  ])('keeps the zone of link-local %s', (text, zone) => {
    expect(parseIPv6(text)?.zone).toBe(zone);
  });

  it.each([
    ['', 'empty'],
    [':', 'a lone colon'],
    [':::', 'three colons'],
    ['1:::2', 'three colons inside'],
    ['1::2::3', 'two double colons'],
    [':1::2', 'a leading single colon'],
    ['1::2:', 'a trailing single colon'],
    ['1:2:3:4:5:6:7', 'seven groups without ::'],
    ['1:2:3:4:5:6:7:8:9', 'nine groups'],
    ['1:2:3:4::5:6:7:8', ':: plus eight groups'],
    ['12345::', 'five hex digits'],
    ['g::1', 'a non-hex digit'],
    ['2001:db8::1 ', 'trailing space'],
    [' ::1', 'leading space'],
    ['::ffff:1.2.3', 'a short IPv4 tail'],
    ['::ffff:01.2.3.4', 'a leading zero in the IPv4 tail'],
    ['::ffff:1.2.3.256', 'an IPv4 octet over 255'],
    ['::1.2.3.4:1', 'an IPv4 tail not at the end'],
    ['1:2:3:4:5:6:7:1.2.3.4', 'nine groups with the IPv4 tail'],
    ['2001:db8::1%eth0', 'a zone on a global address'],
    ['::1%lo', 'a zone on loopback'],
    ['fec0::1%eth0', 'a zone just outside fe80::/10'],
    ['fe80::1%', 'an empty zone'],
    ['fe80::1%eth 0', 'a space in the zone'],
    ['fe80::1%eth0%1', 'two zones'],
    ['fe80::1%eth0/64', 'a slash in the zone'],
    ['1.2.3.4', 'IPv4'],
    ['2001:db8::/64', 'a prefix'],
  ])('refuses %s (%s)', (text) => {
    expect(parseIPv6(text)).toBeNull();
  });
});

describe('formatIPv6 (RFC 5952)', () => {
  it.each([
    ['::', '::'],
    ['::1', '::1'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'], // a single zero group stays
    ['2001:0:0:1:0:0:0:1', '2001:0:0:1::1'], // the longest run
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'], // first run on a tie
    ['0:0:0:0:0:0:0:1', '::1'],
    ['1:0:0:0:0:0:0:0', '1::'],
    ['fe80:0000:0000:0000:0204:61ff:fe9d:f156', 'fe80::204:61ff:fe9d:f156'],
    ['0:0:0:0:0:ffff:102:304', '::ffff:1.2.3.4'],
    ['::ffff:0.0.0.0', '::ffff:0.0.0.0'],
    ['::1.2.3.4', '::102:304'], // deprecated IPv4-compatible: hex
    ['64:ff9b::1.2.3.4', '64:ff9b::102:304'],
    ['ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ])('writes %s as %s', (text, expected) => {
    expect(formatIPv6(parseIPv6(text)?.value ?? -1n)).toBe(expected);
  });

  const value128 = fc.bigInt({ min: 0n, max: IPV6_MAX });
  // Random values rarely hold zero runs, so also build addresses from mostly-zero groups.
  const sparse128 = fc
    .array(fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 0, max: 0xffff })), {
      minLength: 8,
      maxLength: 8,
    })
    .map((words) => words.reduce((sum, word) => (sum << 16n) | BigInt(word), 0n));

  it('round-trips every value: parse(format(v)) === v', () => {
    fc.assert(
      fc.property(fc.oneof(value128, sparse128), (value) => parseIPv6(formatIPv6(value))?.value === value),
      { numRuns: 5000 },
    );
  });

  it('is canonical: formatting re-parsed output gives the same text', () => {
    fc.assert(
      fc.property(fc.oneof(value128, sparse128), (value) => {
        const text = formatIPv6(value);
        return formatIPv6(parseIPv6(text)?.value ?? -1n) === text && text === text.toLowerCase();
      }),
      { numRuns: 5000 },
    );
  });

  it('reads every text form of a value to the same value (expanded, upper case)', () => {
    fc.assert(
      fc.property(fc.oneof(value128, sparse128), (value) => {
        const full = value.toString(16).padStart(32, '0').toUpperCase().match(/.{4}/g)?.join(':') ?? '';
        return parseIPv6(full)?.value === value;
      }),
      { numRuns: 2000 },
    );
  });
});
