import { listedAddresses, type AddressFilter } from '@ipam/core/address-listing';
import { addressPageResponse, type Address } from '@ipam/core/api/ipam';
import { formatAddress } from '@ipam/core/ip-address';
import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
import { expect, it } from 'vitest';
import { describeEachDialect, useTestDatabase } from '../../test/dialects.js';
import { createAccountContext, createSubnetIn } from '../../test/ipam-factories.js';
import type { Db } from '../db/database.js';
import type { SubnetRecord } from '../subnets/subnet-repository.js';
import { stringifierOf } from '../http/response-serializer.js';
import { readAddressPage, type AddressPageRequest } from './address-page.js';
import type { AddressFields } from './address-row.js';
import { insertAddressRows } from './address-write-repository.js';

/** A page as a client reads it: the route's JSON text, parsed by core's response schema. */
async function readPage(db: Db, accountId: string, subnetId: string, request: AddressPageRequest) {
  return addressPageResponse.parse(JSON.parse(await readAddressPage(db, accountId, subnetId, request)));
}

/** A small seeded generator, so a failing case names its seed and replays. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T };
}

const statuses: readonly AddressStatus[] = ['Available', 'In Use', 'Reserved'];
const words = ['', '', 'web', 'DB-1', 'a_b', '50%', 'x\\y', 'Vail', 'printer 3', '::1', 'ÜBER-Étage'];
const queries = [
  null,
  '1',
  '.1',
  '0',
  'a',
  'vail',
  'AVAIL',
  'in u',
  'res',
  'web',
  '%',
  '_',
  '\\',
  '::',
  ':1',
  'db-1',
  'zz',
  'über',
  'É',
];
const filters: readonly (AddressFilter | null)[] = [null, 'in-use', 'available'];
const limits = [1, 2, 3, 5, 8, 100];

type Row = AddressFields & { value: bigint };

/** The naive model: every listed address materialised, filtered and searched in memory. */
function modelListing(
  subnet: SubnetRecord,
  rows: readonly Row[],
  filter: AddressFilter | null,
  q: string | null,
) {
  const stored = new Map(rows.map((row) => [row.value, row]));
  const listed = listedAddresses(subnet.prefix);
  const all = [];
  let used = 0;
  for (let value = listed.first; value <= listed.last; value++) {
    const row = stored.get(value);
    const item = {
      ipAddress: formatAddress(subnet.prefix.version, value),
      status: row?.status ?? 'Available',
      hostname: row?.hostname ?? '',
      description: row?.description ?? '',
      allowScannerUpdate: row?.allowScannerUpdate ?? true,
    };
    if (item.status !== 'Available') used += 1;
    all.push(item);
  }
  const needle = q?.toLowerCase() ?? null;
  const items = all.filter(
    (item) =>
      (filter === null || item.status === (filter === 'in-use' ? 'In Use' : 'Available')) &&
      (needle === null ||
        [item.ipAddress, item.status, item.hostname, item.description].some((text) =>
          text.toLowerCase().includes(needle),
        )),
  );
  return { items, usedPercent: Math.min(100, Math.round((100 * used) / all.length)) };
}

function comparable(item: Address) {
  const { ipAddress, status, hostname, description, allowScannerUpdate } = item;
  return { ipAddress, status, hostname, description, allowScannerUpdate };
}

describeEachDialect('address pages on %s', (dialect) => {
  const database = useTestDatabase(dialect);

  it('equals the naive model for every filter, search and page size on small random subnets', async () => {
    const { db } = database.current;
    const ctx = await createAccountContext(db);
    for (let seed = 1; seed <= 9; seed++) {
      const random = seededRandom(seed);
      const isIPv6 = seed % 3 === 0;
      const length = isIPv6 ? 120 + Math.floor(random.next() * 5) : 26 + Math.floor(random.next() * 5);
      const subnet = await createSubnetIn(
        ctx,
        isIPv6 ? `2001:db8:${seed}::/${length}` : `10.${seed}.0.0/${length}`,
      );
      const listed = listedAddresses(subnet.prefix);
      const rows: Row[] = [];
      for (let value = listed.first; value <= listed.last; value++) {
        if (random.next() < 0.4) {
          rows.push({
            value,
            status: random.pick(statuses),
            hostname: random.pick(words),
            description: random.pick(words),
            allowScannerUpdate: random.next() < 0.5,
          });
        }
      }
      await insertAddressRows(
        db,
        ctx.account.id,
        { id: subnet.id, version: subnet.prefix.version },
        rows.map((row) => ({ ...row, updatedDate: '2026-01-01T00:00:00.000Z', updatedBy: null })),
      );
      for (const filter of filters) {
        for (const q of queries) {
          const limit = random.pick(limits);
          const expected = modelListing(subnet, rows, filter, q);
          const seen: ReturnType<typeof comparable>[] = [];
          let cursor: string | null = null;
          for (let page = 0; page < 500; page++) {
            const result = await readPage(db, ctx.account.id, subnet.id, { filter, q, cursor, limit });
            const context = `seed ${seed} /${length} filter ${filter} q ${q} limit ${limit}`;
            expect(result.total, context).toBe(expected.items.length);
            expect(result.usedPercent, context).toBe(expected.usedPercent);
            expect(result.items.length, context).toBeLessThanOrEqual(limit);
            seen.push(...result.items.map(comparable));
            cursor = result.nextCursor;
            if (cursor === null) break;
          }
          expect(seen, `seed ${seed} /${length} filter ${filter} q ${q} limit ${limit}`).toEqual(
            expected.items,
          );
        }
      }
    }
    // A model check over nine random subnets, not a speed test: give it room on a loaded machine.
  }, 300_000);

  it('finds never-written addresses by text and pages deep inside a /8', async () => {
    const { db } = database.current;
    const ctx = await createAccountContext(db);
    const subnet = await createSubnetIn(ctx, '10.0.0.0/8');
    const ref = { id: subnet.id, version: subnet.prefix.version };
    const at = (text: string) =>
      BigInt(
        `0x${text
          .split('.')
          .map((o) => Number(o).toString(16).padStart(2, '0'))
          .join('')}`,
      );
    const page = (request: Partial<AddressPageRequest>) =>
      readPage(db, ctx.account.id, subnet.id, {
        filter: null,
        q: null,
        cursor: null,
        limit: 100,
        ...request,
      });
    const written = (value: bigint, status: AddressStatus, hostname = '') => ({
      value,
      status,
      hostname,
      description: '',
      allowScannerUpdate: true,
      updatedDate: '2026-01-01T00:00:00.000Z',
      updatedBy: null,
    });
    // 2,559 In Use addresses from 10.128.0.1 (more than one batch of skipped keys), one in 10.0.5.x.
    const block = Array.from({ length: 2559 }, (_, i) =>
      written(at('10.128.0.1') + BigInt(i), 'In Use', `h${i}`),
    );
    await insertAddressRows(db, ctx.account.id, ref, [
      written(at('10.0.5.7'), 'Reserved', 'core-switch'),
      ...block,
    ]);

    const search = await page({ q: '10.0.5.', limit: 1000 });
    expect(search.total).toBe(256);
    expect(search.items.map((item) => item.ipAddress)).toEqual(
      Array.from({ length: 256 }, (_, i) => `10.0.5.${i}`),
    );
    expect(search.items[7]).toMatchObject({ status: 'Reserved', hostname: 'core-switch' });
    expect(search.nextCursor).toBeNull();

    const deep = await page({ cursor: '10.127.255.250', limit: 10 });
    expect(deep.items.map((item) => item.ipAddress)).toEqual([
      '10.127.255.251',
      '10.127.255.252',
      '10.127.255.253',
      '10.127.255.254',
      '10.127.255.255',
      '10.128.0.0',
      '10.128.0.1',
      '10.128.0.2',
      '10.128.0.3',
      '10.128.0.4',
    ]);
    expect(deep.items[6]).toMatchObject({ status: 'In Use', hostname: 'h0' });
    expect(deep.total).toBe(16777214);
    expect(deep.nextCursor).toBe('10.128.0.4');

    const available = await page({ filter: 'available', cursor: '10.127.255.254', limit: 3 });
    expect(available.items.map((item) => item.ipAddress)).toEqual([
      '10.127.255.255',
      '10.128.0.0',
      '10.128.10.0',
    ]);
    expect(available.total).toBe(16777214 - 2560);

    const last = await page({ cursor: '10.255.255.252', limit: 10 });
    expect(last.items.map((item) => item.ipAddress)).toEqual(['10.255.255.253', '10.255.255.254']);
    expect(last.nextCursor).toBeNull();
    expect(last.usedPercent).toBe(0);
  });
});

describeEachDialect('the one address page path on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  const writePage = stringifierOf(addressPageResponse);
  const awkward = [
    'say "hi"',
    'back\\slash',
    'tab\there\nline',
    'ÜBER 😀 Étage',
    '\u0001\u001f',
    '</script>',
    '',
  ];

  /** A subnet with written rows holding texts a JSON writer must escape, and a reader of its pages. */
  async function awkwardSubnet(cidr: string) {
    const { db } = database.current;
    const ctx = await createAccountContext(db);
    const subnet = await createSubnetIn(ctx, cidr);
    const first = listedAddresses(subnet.prefix).first;
    await insertAddressRows(
      db,
      ctx.account.id,
      { id: subnet.id, version: subnet.prefix.version },
      awkward.map((text, i) => ({
        value: first + BigInt(2 * i),
        status: statuses[i % 3] ?? 'In Use',
        hostname: text,
        description: awkward[(i + 2) % awkward.length] ?? '',
        allowScannerUpdate: i % 2 === 0,
        updatedDate: '2026-01-02T03:04:05.678Z',
        updatedBy: null,
      })),
    );
    const text = (request: Partial<AddressPageRequest>) =>
      readAddressPage(db, ctx.account.id, subnet.id, {
        filter: null,
        q: null,
        cursor: null,
        limit: 100,
        ...request,
      });
    return { db, ctx, subnet, text };
  }

  it('answers JSON that the response schema reads and its serialiser writes byte for byte', async () => {
    for (const cidr of ['10.30.0.0/28', '2001:db8:30::/124']) {
      const { text } = await awkwardSubnet(cidr);
      for (const request of [
        {},
        { filter: 'in-use' as const },
        { q: 'é' },
        { filter: 'available' as const, q: 'a' },
      ]) {
        const answer = await text(request);
        const page = addressPageResponse.parse(JSON.parse(answer));
        expect(writePage(page), `${cidr} ${JSON.stringify(request)}`).toBe(answer);
      }
      const page = addressPageResponse.parse(JSON.parse(await text({})));
      expect(page.items.map((item) => item.hostname).filter((h) => h !== '')).toEqual(
        awkward.filter((t) => t !== ''),
      );
      expect(page.items.filter((item) => item.id === null).every((item) => item.status === 'Available')).toBe(
        true,
      );
    }
  });

  it('pages after every kind of cursor: none, the network, any spelling, the last address; refuses the rest', async () => {
    const { text } = await awkwardSubnet('2001:db8:31::/120');
    const read = async (cursor: string | null, limit = 3) =>
      addressPageResponse.parse(JSON.parse(await text({ cursor, limit })));
    expect((await read(null)).items.map((item) => item.ipAddress)).toEqual([
      '2001:db8:31::',
      '2001:db8:31::1',
      '2001:db8:31::2',
    ]);
    const spelled = await read('2001:0DB8:0031:0000:0000:0000:0000:00fe');
    expect(spelled.items.map((item) => item.ipAddress)).toEqual(['2001:db8:31::ff']);
    expect(spelled.nextCursor).toBeNull();
    expect((await read('2001:db8:31::ff')).items).toEqual([]);
    const middle = await read('2001:db8:31::1', 2);
    expect(middle.items.map((item) => [item.ipAddress, item.hostname])).toEqual([
      ['2001:db8:31::2', 'back\\slash'],
      ['2001:db8:31::3', ''],
    ]);
    expect(middle.nextCursor).toBe('2001:db8:31::3');
    expect((await read(middle.nextCursor, 1)).items[0]?.hostname).toBe('tab\there\nline');
    for (const bad of ['nonsense', '10.0.0.1', '2001:db8:32::1', 'fe80::1%eth0']) {
      await expect(read(bad), bad).rejects.toMatchObject({ code: 'validation_failed' });
    }
    const v4 = await awkwardSubnet('10.31.0.0/24');
    const afterNetwork = addressPageResponse.parse(
      JSON.parse(await v4.text({ cursor: '10.31.0.0', limit: 2 })),
    );
    expect(afterNetwork.items.map((item) => item.ipAddress)).toEqual(['10.31.0.1', '10.31.0.2']);
    const beforeBroadcast = addressPageResponse.parse(JSON.parse(await v4.text({ cursor: '10.31.0.253' })));
    expect(beforeBroadcast.items.map((item) => item.ipAddress)).toEqual(['10.31.0.254']);
  });

  it("is a 404 for another account's subnet, with or without a cursor", async () => {
    const { db, subnet } = await awkwardSubnet('10.32.0.0/28');
    const other = await createAccountContext(db);
    for (const cursor of [null, '10.32.0.1']) {
      await expect(
        readAddressPage(db, other.account.id, subnet.id, { filter: null, q: null, cursor, limit: 10 }),
      ).rejects.toMatchObject({ code: 'not_found' });
    }
  });
});
