import { listedAddresses } from '@ipam/core/address-listing';
import { formatAddress } from '@ipam/core/ip-address';
import { expect, it } from 'vitest';
import { describeEachDialect, useTestDatabase } from '../../test/dialects.js';
import { createAccountContext, createSubnetIn } from '../../test/ipam-factories.js';
import type { SubnetRecord } from '../subnets/subnet-repository.js';
import { listAddresses, type AddressFilter, type AddressItem } from './address-listing.js';
import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
import { insertAddressRows, type AddressFields } from './address-write-repository.js';

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

function comparable(item: AddressItem) {
  const { ipAddress, status, hostname, description, allowScannerUpdate } = item;
  return { ipAddress, status, hostname, description, allowScannerUpdate };
}

describeEachDialect('address listing on %s', (dialect) => {
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
          let cursor: bigint | null = null;
          for (let page = 0; page < 500; page++) {
            const result = await listAddresses(
              db,
              { id: subnet.id, version: subnet.prefix.version, prefix: subnet.prefix },
              { filter, q, cursor, limit },
            );
            const context = `seed ${seed} /${length} filter ${filter} q ${q} limit ${limit}`;
            expect(result.total, context).toBe(BigInt(expected.items.length));
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
  }, 90_000);

  it('finds never-written addresses by text and pages deep inside a /8', async () => {
    const { db } = database.current;
    const ctx = await createAccountContext(db);
    const subnet = await createSubnetIn(ctx, '10.0.0.0/8');
    const ref = { id: subnet.id, version: subnet.prefix.version, prefix: subnet.prefix };
    const at = (text: string) =>
      BigInt(
        `0x${text
          .split('.')
          .map((o) => Number(o).toString(16).padStart(2, '0'))
          .join('')}`,
      );
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

    const search = await listAddresses(db, ref, { filter: null, q: '10.0.5.', cursor: null, limit: 1000 });
    expect(search.total).toBe(256n);
    expect(search.items.map((item) => item.ipAddress)).toEqual(
      Array.from({ length: 256 }, (_, i) => `10.0.5.${i}`),
    );
    expect(search.items[7]).toMatchObject({ status: 'Reserved', hostname: 'core-switch' });
    expect(search.nextCursor).toBeNull();

    const deep = await listAddresses(db, ref, {
      filter: null,
      q: null,
      cursor: at('10.127.255.250'),
      limit: 10,
    });
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
    expect(deep.total).toBe(16777214n);
    expect(deep.nextCursor).toBe(at('10.128.0.4'));

    const available = await listAddresses(db, ref, {
      filter: 'available',
      q: null,
      cursor: at('10.127.255.254'),
      limit: 3,
    });
    expect(available.items.map((item) => item.ipAddress)).toEqual([
      '10.127.255.255',
      '10.128.0.0',
      '10.128.10.0',
    ]);
    expect(available.total).toBe(16777214n - 2560n);

    const last = await listAddresses(db, ref, {
      filter: null,
      q: null,
      cursor: at('10.255.255.252'),
      limit: 10,
    });
    expect(last.items.map((item) => item.ipAddress)).toEqual(['10.255.255.253', '10.255.255.254']);
    expect(last.nextCursor).toBeNull();
    expect(last.usedPercent).toBe(0);
  });
});
