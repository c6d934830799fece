import {
  listedAddresses,
  type AddressFilter,
  type AddressSort,
  type SortOrder,
} from '@ipam/core/address-listing';
import { addressPageResponse } from '@ipam/core/api/ipam';
import { formatAddress } from '@ipam/core/ip-address';
import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
import { expect, it } from 'vitest';
import { describeEachDialect, useTestDatabase } from '../../test/dialects.js';
import { createAccountContext, createSubnetIn } from '../../test/ipam-factories.js';
import type { Db } from '../db/database.js';
import type { SubnetRecord } from '../subnets/subnet-repository.js';
import { addCounts, adjustStatusCounts, NO_COUNTS, statusChange } from './address-count-repository.js';
import { foldedForSearch } from './address-keys.js';
import { readAddressPage, type AddressPageRequest } from './address-page.js';
import { insertAbsentAddressRows } from './address-write-repository.js';
import { NOT_SEEN } from './address-repository.js';

/** A written row as the test stores it (a null date: a row no one has written through the API). */
interface Row {
  value: bigint;
  status: AddressStatus;
  hostname: string;
  description: string;
  updatedDate: string | null;
}

const statuses: readonly AddressStatus[] = ['Available', 'In Use', 'Reserved'];
const hostnames = ['', '', 'web', 'Web', 'db-1', 'DB-2', 'a_b', 'zeta', 'Über', 'étage', '50%'];
const dates = [null, '2026-01-01T00:00:00.000Z', '2026-03-04T05:06:07.000Z', '2025-12-31T23:59:59.999Z'];
const sorts: readonly Exclude<AddressSort, 'address'>[] = ['status', 'hostname', 'updated'];
const filters: readonly (AddressFilter | null)[] = [null, 'in-use', 'available'];
const queries = [null, '1', 'web', 'avail', 'e', 'zz'];

/** A small seeded generator, so a failing case names its seed and replays. */
function seeded(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T };
}

/**
 * The naive model of a sorted list: every listed address materialised, filtered and searched, the rows
 * holding a never-written address's value (the block) in address order, the others by value then
 * address; the block first only for status ascending.
 */
function modelSorted(
  subnet: SubnetRecord,
  rows: readonly Row[],
  view: {
    filter: AddressFilter | null;
    q: string | null;
    sort: Exclude<AddressSort, 'address'>;
    order: SortOrder;
  },
): string[] {
  const stored = new Map(rows.map((row) => [row.value, row]));
  const { first, last } = listedAddresses(subnet.prefix);
  const needle = view.q?.toLowerCase() ?? null;
  const items: (Row & { ipAddress: string })[] = [];
  for (let value = first; value <= last; value++) {
    const row = stored.get(value);
    const item = {
      value,
      ipAddress: formatAddress(subnet.prefix.version, value),
      status: row?.status ?? 'Available',
      hostname: row?.hostname ?? '',
      description: row?.description ?? '',
      updatedDate: row?.updatedDate ?? null,
    };
    const isShown =
      (view.filter === null || item.status === (view.filter === 'in-use' ? 'In Use' : 'Available')) &&
      (needle === null ||
        [item.ipAddress, item.status, item.hostname, item.description].some((text) =>
          text.toLowerCase().includes(needle),
        ));
    if (isShown) items.push(item);
  }
  const valueOf = (item: Row) =>
    view.sort === 'status'
      ? item.status
      : view.sort === 'hostname'
        ? foldedForSearch(item.hostname)
        : item.updatedDate;
  const isBlock = (item: Row) => {
    const value = valueOf(item);
    return view.sort === 'status' ? value === 'Available' : value === null || value === '';
  };
  const byAddress = (a: { value: bigint }, b: { value: bigint }) => (a.value < b.value ? -1 : 1);
  const block = items.filter(isBlock).sort(byAddress);
  const head = items
    .filter((item) => !isBlock(item))
    .sort((a, b) => {
      const [x, y] = [valueOf(a) ?? '', valueOf(b) ?? ''];
      if (x === y) return byAddress(a, b);
      return (x < y ? -1 : 1) * (view.order === 'asc' ? 1 : -1);
    });
  const isBlockFirst = view.sort === 'status' && view.order === 'asc';
  return (isBlockFirst ? [...block, ...head] : [...head, ...block]).map((item) => item.ipAddress);
}

async function storeRows(db: Db, accountId: string, subnet: SubnetRecord, rows: readonly Row[]) {
  const ref = { id: subnet.id, version: subnet.prefix.version };
  await insertAbsentAddressRows(
    db,
    accountId,
    ref,
    rows.map((row) => ({ ...row, ...NOT_SEEN, allowScannerUpdate: true, updatedBy: null })),
  );
  const counts = rows.map((row) => statusChange(null, row.status)).reduce(addCounts, NO_COUNTS);
  await adjustStatusCounts(db, subnet.id, counts);
}

describeEachDialect('sorted address pages on %s', (dialect) => {
  const database = useTestDatabase(dialect);

  it('equal the naive model for every sort, order, filter, search and page size', async () => {
    const { db } = database.current;
    const ctx = await createAccountContext(db);
    for (let seed = 1; seed <= 4; seed++) {
      const random = seeded(seed);
      const isIPv6 = seed % 2 === 0;
      const subnet = await createSubnetIn(ctx, isIPv6 ? `2001:db8:${seed}::/122` : `10.${seed}.0.0/26`);
      const { first, last } = listedAddresses(subnet.prefix);
      const rows: Row[] = [];
      for (let value = first; value <= last; value++) {
        if (random.next() < 0.5) {
          rows.push({
            value,
            status: random.pick(statuses),
            hostname: random.pick(hostnames),
            description: random.pick(['', 'rack', 'edge']),
            updatedDate: random.pick(dates),
          });
        }
      }
      await storeRows(db, ctx.account.id, subnet, rows);
      for (const sort of sorts) {
        for (const order of ['asc', 'desc'] as const) {
          for (const filter of filters) {
            for (const q of queries) {
              const limit = random.pick([1, 3, 7, 100]);
              const context = `seed ${seed} ${sort} ${order} filter ${filter} q ${q} limit ${limit}`;
              const expected = modelSorted(subnet, rows, { filter, q, sort, order });
              const seen: string[] = [];
              let cursor: string | null = null;
              for (let page = 0; page < 200; page++) {
                const request: AddressPageRequest = { filter, q, cursor, limit, sort, order };
                const answer = addressPageResponse.parse(
                  JSON.parse(await readAddressPage(db, ctx.account.id, subnet.id, request)),
                );
                expect(answer.total, context).toBe(expected.length);
                expect(answer.items.length, context).toBeLessThanOrEqual(limit);
                seen.push(...answer.items.map((item) => item.ipAddress));
                cursor = answer.nextCursor;
                if (cursor === null) break;
              }
              expect(seen, context).toEqual(expected);
            }
          }
        }
      }
    }
    // A model check over four random subnets, not a speed test: give it room on a loaded machine.
  }, 300_000);

  it('sorts a /8 by hostname and status at once, paging from the written rows into the never-written ones', async () => {
    const { db } = database.current;
    const ctx = await createAccountContext(db);
    const subnet = await createSubnetIn(ctx, '10.0.0.0/8');
    const at = (offset: number) => subnet.prefix.network + BigInt(offset);
    const date = '2026-02-01T00:00:00.000Z';
    await storeRows(db, ctx.account.id, subnet, [
      { value: at(70_000), status: 'In Use', hostname: 'beta', description: '', updatedDate: date },
      { value: at(5), status: 'Reserved', hostname: 'Alpha', description: '', updatedDate: date },
      { value: at(3), status: 'Available', hostname: '', description: 'kept', updatedDate: date },
    ]);
    const page = async (request: Partial<AddressPageRequest>) =>
      addressPageResponse.parse(
        JSON.parse(
          await readAddressPage(db, ctx.account.id, subnet.id, {
            filter: null,
            q: null,
            cursor: null,
            limit: 4,
            ...request,
          }),
        ),
      );
    const byHostname = await page({ sort: 'hostname' });
    expect(byHostname.items.map((item) => item.ipAddress)).toEqual([
      '10.0.0.5',
      '10.1.17.112',
      '10.0.0.1',
      '10.0.0.2',
    ]);
    expect(byHostname.total).toBe(16_777_214);
    const next = await page({ sort: 'hostname', cursor: byHostname.nextCursor });
    expect(next.items.map((item) => item.ipAddress)).toEqual([
      '10.0.0.3',
      '10.0.0.4',
      '10.0.0.6',
      '10.0.0.7',
    ]);
    const byStatus = await page({ sort: 'status', order: 'desc', limit: 3 });
    expect(byStatus.items.map((item) => [item.ipAddress, item.status])).toEqual([
      ['10.0.0.5', 'Reserved'],
      ['10.1.17.112', 'In Use'],
      ['10.0.0.1', 'Available'],
    ]);
    const recent = await page({ sort: 'updated', order: 'desc', filter: 'available' });
    expect(recent.items.map((item) => item.ipAddress)).toEqual([
      '10.0.0.3',
      '10.0.0.1',
      '10.0.0.2',
      '10.0.0.4',
    ]);
  });
});
