import { describe, expect, it } from 'vitest';
import { addressTextRanges, MAX_TEXT_RANGES } from './address-text-ranges.js';
import { formatIPv4 } from './ipv4.js';
import { formatAddress } from './ip-address.js';

/** Every IPv4 address of these /16s whose text contains the search, counted the naive way. */
function naiveCount(text: string, sixteens: readonly number[]): number {
  let count = 0;
  for (const top of sixteens) {
    for (let low = 0; low < 65536; low++) {
      if (formatIPv4((top << 16) | low).includes(text)) count++;
    }
  }
  return count;
}

describe('addressTextRanges', () => {
  it('pins a text with three dots to the ranges that hold it', () => {
    const ranges = addressTextRanges('10.57.1.');
    const v4 = ranges?.filter((range) => range.version === 4) ?? [];
    expect(v4.map((r) => `${formatIPv4(Number(r.first))}-${formatIPv4(Number(r.last))}`)).toEqual([
      '10.57.1.0-10.57.1.255',
      '110.57.1.0-110.57.1.255',
      '210.57.1.0-210.57.1.255',
    ]);
    // The same texts in IPv4-mapped IPv6 addresses.
    const v6 = ranges?.filter((range) => range.version === 6) ?? [];
    expect(v6.map((r) => formatAddress(6, r.first))).toEqual([
      '::ffff:10.57.1.0',
      '::ffff:110.57.1.0',
      '::ffff:210.57.1.0',
    ]);
  });

  it('holds exactly the addresses whose text contains the search, checked against every address of their /16s', () => {
    for (const text of ['10.8.200.1', '0.8.200.1', '5.0.0.2', '1.2.3.25']) {
      const ranges = addressTextRanges(text) ?? [];
      const v4 = ranges.filter((range) => range.version === 4);
      const inRanges = v4.reduce((sum, r) => sum + Number(r.last - r.first + 1n), 0);
      const sixteens = [...new Set(v4.map((r) => Number(r.first >> 16n)))];
      expect(inRanges, text).toBe(naiveCount(text, sixteens));
      // And no address outside them: every range's first octet ends with the head.
      const head = text.split('.')[0] ?? '';
      expect(
        v4.every((r) => String(Number(r.first >> 24n)).endsWith(head)),
        text,
      ).toBe(true);
      for (const r of v4) {
        for (let value = r.first; value <= r.last; value++) {
          expect(formatIPv4(Number(value)).includes(text), formatIPv4(Number(value))).toBe(true);
        }
      }
    }
  });

  it('answers no range for a text no address holds, and null where the text could be anywhere', () => {
    expect(addressTextRanges('1.2.3.4.5')).toEqual([]);
    expect(addressTextRanges('10.300.1.1')).toEqual([]);
    expect(addressTextRanges('10.01.1.1')).toEqual([]);
    expect(addressTextRanges('10.57.1')).toBeNull();
    expect(addressTextRanges('17')).toBeNull();
    expect(addressTextRanges('db8')).toBeNull();
    // An empty head: every first octet, more places than the limit.
    expect(addressTextRanges('.57.1.2')).toBeNull();
    expect((addressTextRanges('1.2.3.') ?? []).length).toBeLessThanOrEqual(2 * MAX_TEXT_RANGES);
  });
});
