import {
  addressListResponse,
  addressRangePageResponse,
  type AddressRangeRow,
} from '@ipam/core/api/address-range-page';
import { addressPageResponse } from '@ipam/core/api/ipam';
import { parseAddress } from '@ipam/core/ip-address';
import { messages } from '@ipam/core/messages';
import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
import { expect, it } from 'vitest';
import { findAccountOfMember, updateIpv6Prefixes } from '../accounts/account-repository.js';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { createSubnetIn, tierOnePerson, type TierOnePerson } from '../../test/ipam-factories.js';
import type { TestApp } from '../../test/factories.js';
import { readAddressPage, type AddressPageRequest } from './address-page.js';
import { insertAddressRows } from './address-write-repository.js';

const LISTED_64 = 1n << 64n;

/** A tier-1 person whose operator widened IPv6 to /32–/128. */
async function widePerson(t: TestApp): Promise<TierOnePerson> {
  const me = await tierOnePerson(t);
  await updateIpv6Prefixes(t.db, me.accountId, { min: 32, max: 128 });
  const account = await findAccountOfMember(t.db, me.accountId, me.userId);
  if (!account) throw new Error('account not found');
  return { ...me, ctx: { ...me.ctx, account } };
}

const value = (text: string) => parseAddress(text)?.value ?? -1n;

async function write(
  t: TestApp,
  me: TierOnePerson,
  subnetId: string,
  rows: [string, AddressStatus, string][],
) {
  await insertAddressRows(
    t.db,
    me.accountId,
    { id: subnetId, version: 6 },
    rows.map(([ip, status, hostname]) => ({
      value: value(ip),
      status,
      hostname,
      description: '',
      allowScannerUpdate: true,
      updatedDate: '2026-01-01T00:00:00.000Z',
      updatedBy: null,
    })),
  );
}

/** A row as short text: `ip status` for addresses, `first–last count` for free runs. */
function brief(row: AddressRangeRow): string {
  return row.kind === 'free' ? `${row.first}–${row.last} ${row.count}` : `${row.ipAddress} ${row.status}`;
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`a big IPv6 leaf listed as ranges (${dialect})`, () => {
    const t = useTestApp(dialect);

    async function page(me: TierOnePerson, subnetId: string, request: Partial<AddressPageRequest> = {}) {
      const text = await readAddressPage(t.current.db, me.accountId, subnetId, {
        filter: null,
        q: null,
        cursor: null,
        limit: 100,
        ...request,
      });
      return addressRangePageResponse.parse(JSON.parse(text));
    }

    /** Every row of a list, read `limit` rows at a time through the cursors. */
    async function walk(
      me: TierOnePerson,
      subnetId: string,
      request: Partial<AddressPageRequest>,
      limit: number,
    ) {
      const rows: string[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 100; i++) {
        const result = await page(me, subnetId, { ...request, cursor, limit });
        expect(result.items.length).toBeLessThanOrEqual(limit);
        rows.push(...result.items.map(brief));
        cursor = result.nextCursor;
        if (cursor === null) return rows;
      }
      throw new Error('the walk did not end');
    }

    it('lists written addresses and one free row per gap, with exact counts and totals', async () => {
      const me = await widePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '2001:db8::/64');
      await write(t.current, me, subnet.id, [
        ['2001:db8::1', 'In Use', 'gw'],
        ['2001:db8::2', 'Reserved', ''],
        ['2001:db8::3', 'Available', 'old'],
        ['2001:db8::4', 'In Use', 'web-1'],
        ['2001:db8::1:0', 'In Use', 'web-2'],
        ['2001:db8::ffff:ffff:ffff:ffff', 'Reserved', 'last'],
      ]);
      const first = await page(me, subnet.id);
      expect(first.items.map(brief)).toEqual([
        '2001:db8:: Available',
        '2001:db8::1 In Use',
        '2001:db8::2 Reserved',
        '2001:db8::3 Available',
        '2001:db8::4 In Use',
        '2001:db8::5–2001:db8::ffff 65531',
        '2001:db8::1:0 In Use',
        '2001:db8::1:1–2001:db8::ffff:ffff:ffff:fffe 18446744073709486078',
        '2001:db8::ffff:ffff:ffff:ffff Reserved',
      ]);
      expect(first).toMatchObject({
        layout: 'ranges',
        total: LISTED_64.toString(),
        listedCount: '18446744073709551616',
        usedCount: '5',
        usedPercent: '0.0000000000000000271',
        nextCursor: null,
      });
      // The anycast address is a virtual Available row of its own; written rows keep their fields.
      expect(first.items[0]).toEqual({
        kind: 'address',
        id: null,
        ipAddress: '2001:db8::',
        status: 'Available',
        hostname: '',
        description: '',
        allowScannerUpdate: true,
        updatedDate: null,
        updatedBy: null,
        mac: null,
        firstSeen: null,
        lastSeen: null,
        lastSeenBy: null,
        previousMac: null,
        macChangedAt: null,
      });
      expect(first.items[1]).toMatchObject({ kind: 'address', id: expect.any(String), hostname: 'gw' });
      // Free counts and written rows add up to the subnet, exactly.
      const free = first.items.reduce((sum, row) => sum + (row.kind === 'free' ? BigInt(row.count) : 1n), 0n);
      expect(free).toBe(LISTED_64);
    });

    it('pages through cursors row by row, and a hand-written cursor jumps into a free range', async () => {
      const me = await widePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '2001:db8:1::/64');
      await write(t.current, me, subnet.id, [
        ['2001:db8:1::', 'In Use', 'router'],
        ['2001:db8:1::5', 'In Use', 'a'],
        ['2001:db8:1::6', 'Available', 'b'],
        ['2001:db8:1::9', 'Reserved', 'c'],
      ]);
      const whole = (await page(me, subnet.id)).items.map(brief);
      expect(whole).toEqual([
        '2001:db8:1:: In Use',
        '2001:db8:1::1–2001:db8:1::4 4',
        '2001:db8:1::5 In Use',
        '2001:db8:1::6 Available',
        '2001:db8:1::7–2001:db8:1::8 2',
        '2001:db8:1::9 Reserved',
        '2001:db8:1::a–2001:db8:1:0:ffff:ffff:ffff:ffff 18446744073709551606',
      ]);
      for (const limit of [1, 2, 3])
        expect(await walk(me, subnet.id, {}, limit), `limit ${limit}`).toEqual(whole);
      const two = await page(me, subnet.id, { limit: 2 });
      expect(two.nextCursor).toBe('2001:db8:1::4');

      // Jump to 2001:db8:1::3 (the cursor is the address before it): the rest of its free run first.
      const jumped = await page(me, subnet.id, { cursor: '2001:db8:1::2', limit: 3 });
      expect(jumped.items.map(brief)).toEqual([
        '2001:db8:1::3–2001:db8:1::4 2',
        '2001:db8:1::5 In Use',
        '2001:db8:1::6 Available',
      ]);
      const deep = await page(me, subnet.id, { cursor: '2001:db8:1::ffff:0:0:0', limit: 3 });
      expect(deep.items.map(brief)).toEqual([
        '2001:db8:1:0:ffff::1–2001:db8:1:0:ffff:ffff:ffff:ffff 281474976710655',
      ]);
      expect(deep.nextCursor).toBeNull();
      const outside = readAddressPage(t.current.db, me.accountId, subnet.id, {
        filter: null,
        q: null,
        cursor: '2001:db8:2::',
        limit: 3,
      });
      await expect(outside).rejects.toMatchObject({ code: 'validation_failed' });
    });

    it('filters and searches with exact totals', async () => {
      const me = await widePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '2001:db8:2::/64');
      await write(t.current, me, subnet.id, [
        ['2001:db8:2::10', 'In Use', 'web-1'],
        ['2001:db8:2::11', 'Reserved', 'web-2'],
        ['2001:db8:2::12', 'Available', 'web-3'],
        ['2001:db8:2::20', 'In Use', 'db-1'],
      ]);
      const inUse = await page(me, subnet.id, { filter: 'in-use' });
      expect(inUse.items.map(brief)).toEqual(['2001:db8:2::10 In Use', '2001:db8:2::20 In Use']);
      expect(inUse.total).toBe('2');

      const available = await page(me, subnet.id, { filter: 'available' });
      expect(available.items.map(brief)).toEqual([
        '2001:db8:2:: Available',
        '2001:db8:2::1–2001:db8:2::f 15',
        '2001:db8:2::12 Available',
        '2001:db8:2::13–2001:db8:2::1f 13',
        '2001:db8:2::21–2001:db8:2:0:ffff:ffff:ffff:ffff 18446744073709551583',
      ]);
      expect(available.total).toBe((LISTED_64 - 3n).toString());
      expect(await walk(me, subnet.id, { filter: 'available' }, 2)).toEqual(available.items.map(brief));

      const web = await page(me, subnet.id, { q: 'web' });
      expect(web.items.map(brief)).toEqual([
        '2001:db8:2::10 In Use',
        '2001:db8:2::11 Reserved',
        '2001:db8:2::12 Available',
      ]);
      expect(web.total).toBe('3');
      const webInUse = await page(me, subnet.id, { filter: 'in-use', q: 'web' });
      expect(webInUse.items.map(brief)).toEqual(['2001:db8:2::10 In Use']);

      // Text every never-written address has ("Available"): free runs again, the written matches among them.
      const avail = await page(me, subnet.id, { q: 'avail' });
      expect(avail.items.map(brief)).toEqual(available.items.map(brief));
      expect(avail.total).toBe((LISTED_64 - 3n).toString());

      // Wider than a /96, a search finds written rows by any text and a never-written address by itself.
      const text = await page(me, subnet.id, { q: '2001:db8:2::1', limit: 3 });
      expect(text.items.map(brief)).toEqual([
        '2001:db8:2::1 Available',
        '2001:db8:2::10 In Use',
        '2001:db8:2::11 Reserved',
      ]);
      expect(text.total).toBe('4');
      expect(await walk(me, subnet.id, { q: '2001:db8:2::1' }, 3)).toEqual([
        ...text.items.map(brief),
        '2001:db8:2::12 Available',
      ]);
      const exact = await page(me, subnet.id, { q: '2001:DB8:2:0:0:0:abc:1' });
      expect(exact.items.map(brief)).toEqual(['2001:db8:2::abc:1 Available']);
      expect(exact.total).toBe('1');
      expect((await page(me, subnet.id, { q: '2001:db8:2::20', filter: 'available' })).total).toBe('0');
    });

    it('counts never-written addresses by their text exactly in a /100 (over 2^24 addresses)', async () => {
      const me = await widePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '2001:db8:9::/100');
      await write(t.current, me, subnet.id, [['2001:db8:9::1:5', 'In Use', 'x']]);
      const text = await page(me, subnet.id, { q: '2001:db8:9::1', limit: 4 });
      // ::1, ::1x, ::1xx, ::1xxx (4,369) and ::g:h where g is 1, 1x or 1xx (273 × 65,536).
      expect(text.total).toBe('17895697');
      expect(text.items.map(brief)).toEqual([
        '2001:db8:9::1 Available',
        '2001:db8:9::10 Available',
        '2001:db8:9::11 Available',
        '2001:db8:9::12 Available',
      ]);
      const deeper = await page(me, subnet.id, { q: '2001:db8:9::1', cursor: '2001:db8:9::1:3', limit: 3 });
      expect(deeper.items.map(brief)).toEqual([
        '2001:db8:9::1:4 Available',
        '2001:db8:9::1:5 In Use',
        '2001:db8:9::1:6 Available',
      ]);
    });

    it('answers the list route as ranges for a /64 and as before for a /104', async () => {
      const me = await widePerson(t.current);
      const big = await createSubnetIn(me.ctx, '2001:db8:3::/64');
      const small = await createSubnetIn(me.ctx, '2001:db8:4::/104');
      const base = `/api/accounts/${me.accountId}/subnets`;
      const bigPage = await me.client.get(`${base}/${big.id}/addresses?limit=5`);
      expect(bigPage.status).toBe(200);
      const parsed = addressListResponse.parse(bigPage.body);
      expect(parsed).toMatchObject({ layout: 'ranges', total: LISTED_64.toString() });
      expect(bigPage.body.items.map(brief)).toEqual([
        '2001:db8:3:: Available',
        '2001:db8:3::1–2001:db8:3:0:ffff:ffff:ffff:ffff 18446744073709551615',
      ]);
      const smallPage = await me.client.get(`${base}/${small.id}/addresses?limit=2`);
      expect(Object.keys(smallPage.body)).toEqual([
        'items',
        'total',
        'usedPercent',
        'usedCount',
        'nextCursor',
      ]);
      expect(addressPageResponse.parse(smallPage.body)).toMatchObject({ total: 16_777_216, usedPercent: 0 });
      expect(smallPage.body.items.map((item: { ipAddress: string }) => item.ipAddress)).toEqual([
        '2001:db8:4::',
        '2001:db8:4::1',
      ]);
    });

    it('is listed in address order only: a sort other than address is refused, naming why', async () => {
      const me = await widePerson(t.current);
      const big = await createSubnetIn(me.ctx, '2001:db8:6::/64');
      const sorted = await me.client.get(
        `/api/accounts/${me.accountId}/subnets/${big.id}/addresses?sort=hostname&order=desc`,
      );
      expect(sorted).toMatchObject({
        status: 400,
        body: { code: 'validation_failed', error: messages.rangesNotSortable('2001:db8:6::/64') },
      });
    });

    it('next free never hands out the subnet-router anycast address, on a /64 and on every size', async () => {
      const me = await widePerson(t.current);
      const next = (subnetId: string, body: object = {}) =>
        me.client.post(`/api/accounts/${me.accountId}/subnets/${subnetId}/addresses/next`, body);
      const big = await createSubnetIn(me.ctx, '2001:db8:5::/64');
      const one = await next(big.id, { hostname: 'first' });
      expect(one.status).toBe(201);
      expect(one.body.items.map((item: { ipAddress: string }) => item.ipAddress)).toEqual(['2001:db8:5::1']);
      const three = await next(big.id, { count: 3 });
      expect(three.body.items.map((item: { ipAddress: string }) => item.ipAddress)).toEqual([
        '2001:db8:5::2',
        '2001:db8:5::3',
        '2001:db8:5::4',
      ]);
      const listed = await page(me, big.id, { limit: 3 });
      expect(listed.items.map(brief)).toEqual([
        '2001:db8:5:: Available',
        '2001:db8:5::1 In Use',
        '2001:db8:5::2 In Use',
      ]);
      expect(listed.usedCount).toBe('4');
      for (const [cidr, expected] of [
        ['2001:db8:6::/127', ['2001:db8:6::1']],
        ['2001:db8:6::10/126', ['2001:db8:6::11', '2001:db8:6::12', '2001:db8:6::13']],
        ['2001:db8:6::100/120', ['2001:db8:6::101']],
      ] as const) {
        const subnet = await createSubnetIn(me.ctx, cidr);
        const count = expected.length;
        const answer = await next(subnet.id, { count });
        expect(
          answer.body.items.map((item: { ipAddress: string }) => item.ipAddress),
          cidr,
        ).toEqual(expected);
        expect((await next(subnet.id)).status, cidr).toBe(cidr.endsWith('/120') ? 201 : 409);
      }
      const host = await createSubnetIn(me.ctx, '2001:db8:7::1/128');
      const full = await next(host.id);
      expect(full.status).toBe(409);
      expect(full.body.code).toBe('subnet_full');
    });

    it('keeps the dashboard and the account search exact with a /64', async () => {
      const me = await widePerson(t.current);
      const big = await createSubnetIn(me.ctx, '2001:db8:8::/64');
      await createSubnetIn(me.ctx, '2001:db8:9::/120');
      await write(t.current, me, big.id, [['2001:db8:8::1', 'In Use', 'gw']]);
      const dashboard = await me.client.get(`/api/accounts/${me.accountId}/dashboard`);
      expect(dashboard.status).toBe(200);
      expect(dashboard.body.addressTotals).toEqual([
        {
          version: 6,
          subnets: 2,
          total: (LISTED_64 + 256n).toString(),
          inUse: 1,
          reserved: 0,
          available: (LISTED_64 + 255n).toString(),
        },
      ]);
      expect(dashboard.body.fullestSubnets.map((s: { listed: unknown }) => s.listed)).toEqual([
        LISTED_64.toString(),
        256,
      ]);
      const search = await me.client.get(
        `/api/accounts/${me.accountId}/search?q=${encodeURIComponent('2001:DB8:8::abc')}`,
      );
      expect(search.status).toBe(200);
      const [subnet] = search.body.subnets;
      expect(subnet).toMatchObject({ cidr: '2001:db8:8::/64', isSubnetMatch: true, addressTotal: 1 });
      expect(subnet.addresses).toEqual([expect.objectContaining({ ipAddress: '2001:db8:8::abc', id: null })]);
    });

    it('walks past thousands of written rows in batches (Show Available skips 4,500 In Use rows)', async () => {
      const me = await widePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '2001:db8:a::/64');
      const base = value('2001:db8:a::');
      await insertAddressRows(
        t.current.db,
        me.accountId,
        { id: subnet.id, version: 6 },
        Array.from({ length: 4501 }, (_, i) => ({
          value: base + BigInt(i + 1),
          status: i === 4500 ? ('Available' as const) : ('In Use' as const),
          hostname: `h${i + 1}`,
          description: '',
          allowScannerUpdate: true,
          updatedDate: '2026-01-01T00:00:00.000Z',
          updatedBy: null,
        })),
      );
      const available = await page(me, subnet.id, { filter: 'available' });
      expect(available.items.map(brief)).toEqual([
        '2001:db8:a:: Available',
        '2001:db8:a::1195 Available',
        '2001:db8:a::1196–2001:db8:a:0:ffff:ffff:ffff:ffff 18446744073709547114',
      ]);
      expect(available.total).toBe((LISTED_64 - 4500n).toString());
      const deep = await page(me, subnet.id, { cursor: '2001:db8:a::1192', limit: 4 });
      expect(deep.items.map(brief)).toEqual([
        '2001:db8:a::1193 In Use',
        '2001:db8:a::1194 In Use',
        '2001:db8:a::1195 Available',
        '2001:db8:a::1196–2001:db8:a:0:ffff:ffff:ffff:ffff 18446744073709547114',
      ]);
      expect(deep.nextCursor).toBeNull();
      const plain = await walk(me, subnet.id, {}, 1000);
      expect(plain).toHaveLength(4503);
      expect(plain.at(-1)).toBe(available.items.map(brief).at(-1));
      const next = await me.client.post(`/api/accounts/${me.accountId}/subnets/${subnet.id}/addresses/next`, {
        count: 2,
      });
      expect(next.body.items.map((item: { ipAddress: string }) => item.ipAddress)).toEqual([
        '2001:db8:a::1195',
        '2001:db8:a::1196',
      ]);
    });
  });
}
