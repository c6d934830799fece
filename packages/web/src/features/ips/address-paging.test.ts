import { describe, expect, it } from 'vitest';
import {
  cursorOf,
  directCursor,
  firstListedAddress,
  pageOf,
  pagesBetween,
  planRequests,
  splitAnswer,
  WALK_PAGES,
} from './address-paging.js';

const all = { filter: null, q: '' };

describe('address paging', () => {
  it('splits rows into pages of 100', () => {
    expect([pageOf(0), pageOf(99), pageOf(100), pageOf(16_777_213)]).toEqual([0, 0, 1, 167_772]);
    expect(pagesBetween(95, 215)).toEqual([0, 1, 2]);
  });

  it('computes any page cursor of an unfiltered list from the first host address', () => {
    const first = firstListedAddress('10.0.0.0', 8);
    expect(first).toEqual({ version: 4, value: 0x0a000001n });
    expect(directCursor(first, all, 0)).toBeNull();
    // Page 1 starts after row 99 (10.0.0.100), the 100th host.
    expect(directCursor(first, all, 1)).toBe('10.0.0.100');
    // Page 83,886 starts at row 8,388,600: its cursor is the host just before that row.
    expect(directCursor(first, all, 83_886)).toBe('10.127.255.248');
    expect(cursorOf(4, 0x0a000001n + 8_388_600n - 1n)).toBe('10.127.255.248');
  });

  it('learns the cursors of a list sorted by another column, as of a filtered one', () => {
    const first = firstListedAddress('10.0.0.0', 8);
    expect(directCursor(first, { ...all, sort: 'hostname', order: 'asc' }, 0)).toBeNull();
    expect(directCursor(first, { ...all, sort: 'hostname', order: 'asc' }, 1)).toBeUndefined();
    expect(directCursor(first, { ...all, sort: 'address', order: 'asc' }, 1)).toBe('10.0.0.100');
  });

  it('lists every address of an IPv6 subnet, with RFC 5952 cursors', () => {
    const first = firstListedAddress('2001:db8::', 120);
    expect(first?.value).toBe(0x20010db8000000000000000000000000n);
    expect(directCursor(first, all, 1)).toBe('2001:db8::63');
    expect(firstListedAddress('192.168.1.4', 31)).toEqual({ version: 4, value: 0xc0a80104n });
  });

  it('knows no cursor beyond the first page of a filtered or searched list', () => {
    const first = firstListedAddress('10.0.0.0', 8);
    expect(directCursor(first, { filter: 'available', q: '' }, 0)).toBeNull();
    expect(directCursor(first, { filter: 'in-use', q: '' }, 3)).toBeUndefined();
    expect(directCursor(first, { filter: null, q: 'web' }, 3)).toBeUndefined();
  });
});

describe('requests for a window of rows', () => {
  it('reads each wanted page whose cursor is known, and the first page always', () => {
    const every = (page: number) => (page === 0 ? null : `c${page}`);
    expect(planRequests([50, 51], every)).toEqual([
      [0, 1],
      [50, 1],
      [51, 1],
    ]);
  });

  it('walks ten pages at a time from the deepest known cursor towards a page that is not known', () => {
    const known = new Map([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
    const cursorOfPage = (page: number) => (page === 0 ? null : known.get(page));
    expect(planRequests([50, 51], cursorOfPage)).toEqual([
      [0, 1],
      [3, WALK_PAGES],
    ]);
    expect(planRequests([0], () => undefined)).toEqual([[0, 1]]);
  });

  it("splits a walk's answer into pages, each with the cursor of the next", () => {
    const items = Array.from({ length: 250 }, (_, i) => ({
      ipAddress: `10.0.${Math.floor(i / 256)}.${i % 256}`,
    }));
    const pages = splitAnswer(7, WALK_PAGES, items, null);
    expect(pages.map((p) => [p.page, p.items.length, p.nextCursor])).toEqual([
      [7, 100, '10.0.0.99'],
      [8, 100, '10.0.0.199'],
      [9, 50, null],
    ]);
    const full = splitAnswer(0, 2, items.slice(0, 200), '10.0.0.199');
    expect(full.map((p) => p.nextCursor)).toEqual(['10.0.0.99', '10.0.0.199']);
    expect(splitAnswer(0, 1, [], null)).toEqual([{ page: 0, items: [], nextCursor: null }]);
  });
});
