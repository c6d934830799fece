import { availableAddressFields } from '@ipam/core/address-defaults';
import {
  listedAddresses,
  usedPercent,
  type AddressFilter,
  type ListedAddresses,
} from '@ipam/core/address-listing';
import type { Prefix } from '@ipam/core/prefix';
import { RangeTextSearch } from '@ipam/core/range-text-search';
import type { Db } from '../db/database.js';
import { readStatusCounts, type StatusCounts } from './address-count-repository.js';
import { addressText } from './address-keys.js';
import {
  countSearch,
  countStored,
  listStored,
  type StoredAddress,
  type StoredFilter,
  type SubnetRef,
} from './address-repository.js';
import { addressesBetweenStored, unstoredTextMatches } from './address-walks.js';

/** The list's status filter: In Use only, or Available only. */
export type { AddressFilter };

/** One page request: `cursor` is the last address of the previous page (exclusive). */
export interface AddressQuery {
  filter: AddressFilter | null;
  q: string | null;
  cursor: bigint | null;
  limit: number;
}

/** An address as the API shows it; never-written addresses have `id` null. */
export type AddressItem = Omit<StoredAddress, 'id'> & { id: string | null };

/** A page of addresses in numeric order, with the totals after filter and search. */
export interface AddressPage {
  items: AddressItem[];
  total: bigint;
  usedPercent: number;
  /** In Use + Reserved addresses of the subnet. */
  usedCount: bigint;
  nextCursor: bigint | null;
}

/** The subnet being listed. */
export interface ListedSubnet extends SubnetRef {
  prefix: Prefix;
}

/** The virtual Available row of a never-written address. */
export function virtualAddress(subnet: SubnetRef, value: bigint): AddressItem {
  return {
    id: null,
    value,
    ipAddress: addressText(subnet.version, value),
    ...availableAddressFields,
    updatedDate: null,
    updatedBy: null,
  };
}

/**
 * Items for these ascending addresses: the stored row where one exists, the virtual row otherwise.
 * `stored` is ascending too, so one walk over both matches them (no map keyed by bigint).
 */
function itemsFor(subnet: SubnetRef, values: readonly bigint[], stored: readonly StoredAddress[]) {
  const items: AddressItem[] = [];
  let next = 0;
  for (const value of values) {
    let row = stored[next];
    while (row !== undefined && row.value < value) row = stored[++next];
    if (row !== undefined && row.value === value) {
      items.push(row);
      next++;
    } else items.push(virtualAddress(subnet, value));
  }
  return items;
}

/** Merges two address-ordered streams (disjoint addresses) and keeps the first `count`. */
function mergeByAddress(a: readonly AddressItem[], b: readonly AddressItem[], count: number) {
  const merged: AddressItem[] = [];
  let i = 0;
  let j = 0;
  while (merged.length < count && (i < a.length || j < b.length)) {
    const left = a[i];
    const right = b[j];
    if (left && (!right || left.value < right.value)) {
      merged.push(left);
      i++;
    } else if (right) {
      merged.push(right);
      j++;
    }
  }
  return merged;
}

/** Cuts a limit+1 list into a page and the cursor of the next one. */
function paged(items: AddressItem[], limit: number) {
  const page = items.slice(0, limit);
  const last = page.at(-1);
  return { items: page, nextCursor: items.length > limit && last ? last.value : null };
}

/** What every branch of a page needs: the listed range, where the page starts, the written counts. */
interface PageContext {
  db: Db;
  subnet: ListedSubnet;
  listed: ListedAddresses;
  start: bigint;
  counts: StatusCounts;
  limit: number;
  /** limit + 1: one more than shown tells whether a next page exists. */
  need: number;
}

/**
 * A page of a subnet's addresses, stored and virtual, in numeric order (DESIGN.md "Sparse
 * addresses"). Every branch reads a bounded number of rows, so any page of a /8 is fast. `counts`
 * are the subnet's status counts when the caller read them with the subnet (else they are read here).
 */
export async function listAddresses(
  db: Db,
  subnet: ListedSubnet,
  query: AddressQuery,
  counts?: StatusCounts,
): Promise<AddressPage> {
  const listed = listedAddresses(subnet.prefix);
  const start = query.cursor === null || query.cursor < listed.first ? listed.first : query.cursor + 1n;
  counts ??= await readStatusCounts(db, subnet.id);
  const usedCount = counts['In Use'] + counts.Reserved;
  const used = usedPercent(usedCount, listed.count);
  const page: PageContext = { db, subnet, listed, start, counts, limit: query.limit, need: query.limit + 1 };
  const q = query.q === null || query.q === '' ? null : query.q.toLowerCase();
  let found: Omit<AddressPage, 'usedPercent' | 'usedCount'>;
  if (query.filter === 'in-use') found = await inUsePage(page, q);
  else if (q !== null) found = await searchPage(page, q, query.filter === 'available');
  else if (query.filter === 'available') found = await availablePage(page);
  else found = await everyAddressPage(page);
  return { ...found, usedPercent: used, usedCount };
}

/** In Use only (stored rows), optionally searched. */
async function inUsePage({ db, subnet, listed, start, counts, limit, need }: PageContext, q: string | null) {
  const filter: StoredFilter = { status: 'In Use', ...(q === null ? {} : { q }) };
  const rows = start > listed.last ? [] : await listStored(db, subnet, start, listed.last, filter, need);
  const total = q === null ? counts['In Use'] : await countStored(db, subnet.id, filter);
  return { ...paged(rows, limit), total };
}

/** Every listed address from the start: the next `limit` addresses, stored data where written. */
async function everyAddressPage({ db, subnet, listed, start, limit }: PageContext) {
  const end = start + BigInt(limit) - 1n < listed.last ? start + BigInt(limit) - 1n : listed.last;
  const values: bigint[] = [];
  for (let value = start; value <= end; value++) values.push(value);
  const stored = start > end ? [] : await listStored(db, subnet, start, end, {});
  const items = itemsFor(subnet, values, stored);
  return { items, total: listed.count, nextCursor: end < listed.last ? end : null };
}

/** Available: every address except the stored rows with another status. */
async function availablePage({ db, subnet, listed, start, counts, limit, need }: PageContext) {
  const notAvailable: StoredFilter = { notStatus: 'Available' };
  const values = await addressesBetweenStored(db, subnet, start, listed.last, notAvailable, need);
  const span = values.slice(0, limit);
  const low = span[0];
  const high = span.at(-1);
  const stored =
    low === undefined || high === undefined
      ? []
      : await listStored(db, subnet, low, high, { status: 'Available' });
  const items = itemsFor(subnet, values, stored);
  const total = listed.count - counts['In Use'] - counts.Reserved;
  return { ...paged(items, limit), total };
}

/** A search (optionally Available only): stored rows that match, merged with never-written addresses that match. */
async function searchPage(
  { db, subnet, listed, start, limit, need }: PageContext,
  q: string,
  isAvailableOnly: boolean,
) {
  const storedFilter: StoredFilter = { q, ...(isAvailableOnly ? { status: 'Available' as const } : {}) };
  // Counted first: a search no written row matches (most address searches) then skips the row scan.
  const found = await countSearch(db, subnet.id, storedFilter, q);
  const storedRows =
    found.matching === 0n ? [] : await listStored(db, subnet, start, listed.last, storedFilter, need);
  const bound = storedRows.length === need ? (storedRows.at(-1)?.value ?? listed.last) : listed.last;
  const matchesEveryUnstored = 'available'.includes(q);
  const search = new RangeTextSearch(subnet.version, q, listed.first, listed.last);
  const virtualValues = matchesEveryUnstored
    ? await addressesBetweenStored(db, subnet, start, bound, {}, need)
    : await unstoredTextMatches(db, subnet, search, start, bound, need);
  const merged = mergeByAddress(
    storedRows,
    virtualValues.map((value) => virtualAddress(subnet, value)),
    need,
  );
  const unstoredMatches = matchesEveryUnstored
    ? listed.count - found.stored
    : search.count(listed.first, listed.last) - found.addressMatches;
  return { ...paged(merged, limit), total: found.matching + unstoredMatches };
}
