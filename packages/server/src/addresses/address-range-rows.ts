import { addressRangePageResponse } from '@ipam/core/api/address-range-page';
import { percentText } from '@ipam/core/address-ranges';
import type { Db } from '../db/database.js';
import { stringifierOf } from '../http/response-serializer.js';
import { addressText, sortKeyOf } from './address-keys.js';
import {
  listStoredItems,
  storedValuesFrom,
  type StoredFilter,
  type StoredItem,
  type SubnetRef,
} from './address-repository.js';
import { SKIP_BATCH } from './address-walks.js';

/** A row of a ranges page: a written (or anycast) address as its list item JSON, or a free run. */
export type RangeRow =
  { kind: 'address'; value: bigint; json: string } | { kind: 'free'; first: bigint; last: bigint };

/** What a ranges walk reads: the subnet, where the walk starts and ends, how many rows it may show. */
export interface RangeWalk {
  db: Db;
  accountId: string;
  subnet: SubnetRef;
  start: bigint;
  last: bigint;
  /** limit + 1: one more than shown tells whether a next page exists. */
  need: number;
  /** The subnet-router anycast address, shown as its own row rather than inside a free run (IPv6). */
  anycast: bigint | null;
  /** Its row when it is never written (a virtual Available row). */
  anycastItem: () => StoredItem;
}

/**
 * The rows of a leaf listed as ranges from `start`: the stored rows that pass `shown`, and one free row
 * per run of never-written addresses between stored rows (any status). Stored keys are read in
 * batches, so a page costs a bounded number of queries however large the subnet; the anycast address
 * gets a row of its own when it is never written.
 */
export async function rangeRows(walk: RangeWalk, shown: StoredFilter): Promise<RangeRow[]> {
  const { db, accountId, subnet, last, need } = walk;
  const rows: RangeRow[] = [];
  let position = walk.start;
  const addFree = (until: bigint) => {
    if (position === walk.anycast && position <= until) {
      rows.push({ kind: 'address', value: position, json: walk.anycastItem().json });
      position += 1n;
    }
    if (position <= until && rows.length < need) rows.push({ kind: 'free', first: position, last: until });
  };
  while (rows.length < need && position <= last) {
    const stored = await storedValuesFrom(db, subnet, position, last, {}, SKIP_BATCH);
    const upTo = stored.at(-1);
    // Each shown row is a row of the page, so `need` of them are as many as this batch can use.
    const items =
      upTo === undefined
        ? []
        : await listStoredItems(db, accountId, subnet, { from: position, to: upTo }, shown, need);
    const byKey = new Map(items.map((item) => [item.key, item.json]));
    for (const value of stored) {
      if (value > position) addFree(value - 1n);
      if (rows.length >= need) return rows;
      const json = byKey.get(sortKeyOf(subnet.version, value));
      if (json !== undefined) rows.push({ kind: 'address', value, json });
      position = value + 1n;
      if (rows.length >= need) return rows;
    }
    if (stored.length < SKIP_BATCH) {
      addFree(last);
      position = last + 1n;
    }
  }
  return rows;
}

/** The last address a row covers (a page's cursor). */
function lastOf(row: RangeRow): bigint {
  return row.kind === 'free' ? row.last : row.value;
}

/** The JSON text of a row (an address row's item JSON gets its `kind` in front). */
function rowJson(version: 4 | 6, row: RangeRow): string {
  if (row.kind === 'address') return `{"kind":"address",${row.json.slice(1)}`;
  return JSON.stringify({
    kind: 'free',
    first: addressText(version, row.first),
    last: addressText(version, row.last),
    count: (row.last - row.first + 1n).toString(),
  });
}

const writeRangePage = stringifierOf(addressRangePageResponse);
const NO_ITEMS = '{"items":[]';

/** The totals of a ranges page, exact. */
export interface RangeTotals {
  total: bigint;
  listedCount: bigint;
  usedCount: bigint;
}

/** Cuts a limit+1 list of rows into a page and the cursor of the next one (the last address shown). */
export function pagedRows(rows: readonly RangeRow[], limit: number) {
  const shown = rows.slice(0, limit);
  const lastShown = shown.at(-1);
  return { rows: shown, nextCursor: rows.length > limit && lastShown ? lastOf(lastShown) : null };
}

/**
 * A ranges page's JSON: its fields written by the response schema's compiled serialiser with no
 * items, and the rows put in its list.
 */
export function rangePageJson(
  version: 4 | 6,
  page: { rows: readonly RangeRow[]; nextCursor: bigint | null },
  totals: RangeTotals,
): string {
  const fields = writeRangePage({
    items: [],
    layout: 'ranges',
    total: totals.total.toString(),
    listedCount: totals.listedCount.toString(),
    usedCount: totals.usedCount.toString(),
    usedPercent: percentText(totals.usedCount, totals.listedCount),
    nextCursor: page.nextCursor === null ? null : addressText(version, page.nextCursor),
  });
  if (!fields.startsWith(NO_ITEMS)) throw new Error(`a page's JSON does not start with its items: ${fields}`);
  return `{"items":[${page.rows.map((row) => rowJson(version, row)).join(',')}]${fields.slice(NO_ITEMS.length)}`;
}
