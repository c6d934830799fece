import { availableAddressFields } from '@ipam/core/address-defaults';
import type { AddressFilter, ListedAddresses } from '@ipam/core/address-listing';
import type { IpVersion, Prefix } from '@ipam/core/prefix';
import { RangeTextSearch } from '@ipam/core/range-text-search';
import type { Db } from '../db/database.js';
import type { StatusCounts } from './address-count-repository.js';
import { addressItemJson } from './address-item-json.js';
import { addressText, sortKeyOf, valueOfSortKey } from './address-keys.js';
import {
  bothFilters,
  countSearch,
  countStored,
  isEveryRow,
  listStoredItems,
  NOT_SEEN,
  type SearchCounts,
  type StoredFilter,
  type StoredItem,
  type SubnetRef,
} from './address-repository.js';
import { addressesBetweenStored, unstoredTextMatches } from './address-walks.js';

/*
 * The kinds of address-order page (plain, In Use, Available, search) as item readers, and the totals
 * of a filter and search: what address-page.ts assembles into the list route's pages, and what a
 * sorted list reads its block with (address-sorted-page.ts).
 */

/** What every kind of page needs: the subnet, where the page starts, how many it shows. */
export interface PageContext {
  db: Db;
  accountId: string;
  subnet: SubnetRef & { prefix: Prefix };
  listed: ListedAddresses;
  start: bigint;
  counts: StatusCounts;
  limit: number;
  /** Items to read: limit + 1 (one more than shown tells whether a next page exists). */
  need: number;
  /**
   * Stored rows must pass this too to be listed, and the others are skipped like rows of another
   * status: a sorted list's block (address-sorted-page.ts). Empty for every address-order page.
   */
  only: StoredFilter;
  /** The "stale" filter's cutoff: rows last seen before it are stale; null when the subnet marks none. */
  staleBefore: string | null;
}

/**
 * The stored rows a filter that lists written addresses only keeps (In Use, or stale: last seen
 * before the cutoff); null for a filter that lists never-written addresses too.
 */
export function writtenOnlyFilter(page: Pick<PageContext, 'staleBefore'>, filter: AddressFilter | null) {
  if (filter === 'in-use') return { status: 'In Use' as const };
  if (filter === 'stale') return { seenBefore: page.staleBefore ?? '' };
  return null;
}

/** The filter and search as a condition on stored rows. */
export function storedFilterOf(
  page: Pick<PageContext, 'staleBefore'>,
  filter: AddressFilter | null,
  q: string | null,
): StoredFilter {
  return {
    ...writtenOnlyFilter(page, filter),
    ...(filter === 'available' ? { status: 'Available' as const } : {}),
    ...(q === null ? {} : { q }),
  };
}

/**
 * Up to `need` items of the list in address order from the page's start (only the stored rows passing
 * `page.only`). `storedMatches` (stored rows the search finds, when counted) lets a search skip its
 * row scan; `guessed` are the plain page's rows read beside the subnet.
 */
export function addressOrderItems(
  page: PageContext,
  filter: AddressFilter | null,
  q: string | null,
  storedMatches: bigint | null,
  guessed: StoredItem[] | null = null,
): Promise<StoredItem[]> {
  const written = writtenOnlyFilter(page, filter);
  if (written !== null) return writtenItems(page, written, q);
  if (q !== null) return searchItems(page, q, filter === 'available', storedMatches);
  if (filter === 'available') return walkItems(page, { status: 'Available' });
  if (!isEveryRow(page.only)) return walkItems(page, {});
  return plainItems(page, guessed);
}

/** How many addresses the filter and search find in all (whatever the order). */
export async function listTotal(
  page: PageContext,
  filter: AddressFilter | null,
  q: string | null,
  searched: SearchCounts | null,
): Promise<bigint> {
  const { db, subnet, listed, counts } = page;
  if (filter === 'in-use' && q === null) return counts['In Use'];
  const written = writtenOnlyFilter(page, filter);
  if (written !== null) return countStored(db, subnet.id, { ...written, ...(q === null ? {} : { q }) });
  if (q !== null) {
    const found = searched ?? (await countSearch(db, subnet.id, storedFilterOf(page, filter, q), q));
    return searchTotal(page, q, found);
  }
  if (filter === 'available') return listed.count - counts['In Use'] - counts.Reserved;
  return listed.count;
}

/** A search's total: the written rows it finds and the never-written addresses it finds (by text, or every one). */
export function searchTotal(page: PageContext, q: string, found: SearchCounts): bigint {
  const { subnet, listed } = page;
  if ('available'.includes(q)) return found.matching + listed.count - found.stored;
  const search = new RangeTextSearch(subnet.version, q, listed.first, listed.last);
  return found.matching + search.count(listed.first, listed.last) - found.addressMatches;
}

/** Every listed address from the start: the next `need` addresses, stored data where written. */
export async function plainItems(
  page: PageContext,
  guessedItems: StoredItem[] | null,
): Promise<StoredItem[]> {
  const { db, accountId, subnet, listed, start, need } = page;
  const end = start + BigInt(need) - 1n < listed.last ? start + BigInt(need) - 1n : listed.last;
  const values: bigint[] = [];
  for (let value = start; value <= end; value++) values.push(value);
  const stored =
    guessedItems ??
    (start > end ? [] : await listStoredItems(db, accountId, subnet, { from: start, to: end }));
  return itemsFor(subnet.version, values, stored);
}

/** Written rows only (In Use, or stale), optionally searched. */
export async function writtenItems(
  page: PageContext,
  written: StoredFilter,
  q: string | null,
): Promise<StoredItem[]> {
  const { db, accountId, subnet, listed, start, need, only } = page;
  if (start > listed.last) return [];
  const filter = bothFilters({ ...written, ...(q === null ? {} : { q }) }, only);
  return listStoredItems(db, accountId, subnet, { from: start, to: listed.last }, filter, need);
}

/**
 * Every address but the stored rows that do not pass `keep` (and `page.only`): Available (never-written
 * addresses and rows written as Available), or a sorted list's block.
 */
export async function walkItems(page: PageContext, keep: StoredFilter): Promise<StoredItem[]> {
  const { db, accountId, subnet, listed, start, need, only } = page;
  const kept = bothFilters(keep, only);
  // Without `only` the Available walk skips by status alone, a condition the status index serves.
  const skip: StoredFilter =
    isEveryRow(only) && keep.status !== undefined ? { notStatus: keep.status } : { outside: kept };
  const values = await addressesBetweenStored(db, subnet, start, listed.last, skip, need);
  const [low, high] = [values[0], values.at(-1)];
  const stored =
    low === undefined || high === undefined
      ? []
      : await listStoredItems(db, accountId, subnet, { from: low, to: high }, kept);
  return itemsFor(subnet.version, values, stored);
}

/**
 * A search (optionally Available only): stored rows that match, merged with never-written addresses
 * that match. `storedMatches`, when the search was counted, lets a search no written row matches (most
 * address searches) skip the row scan.
 */
export async function searchItems(
  page: PageContext,
  q: string,
  isAvailableOnly: boolean,
  storedMatches: bigint | null,
): Promise<StoredItem[]> {
  const { db, accountId, subnet, listed, start, need, only } = page;
  const filter = bothFilters({ q, ...(isAvailableOnly ? { status: 'Available' as const } : {}) }, only);
  const storedRows =
    storedMatches === 0n || start > listed.last
      ? []
      : await listStoredItems(db, accountId, subnet, { from: start, to: listed.last }, filter, need);
  const lastStored = storedRows.length === need ? storedRows.at(-1) : undefined;
  const bound = lastStored ? valueOfSortKey(lastStored.key) : listed.last;
  const search = new RangeTextSearch(subnet.version, q, listed.first, listed.last);
  const virtualValues = 'available'.includes(q)
    ? await addressesBetweenStored(db, subnet, start, bound, {}, need)
    : await unstoredTextMatches(db, subnet, search, start, bound, need);
  return [...storedRows, ...virtualValues.map((value) => virtualItem(subnet.version, value))]
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .slice(0, need);
}

/** The virtual Available row of a never-written address. */
export function virtualItem(version: IpVersion, value: bigint): StoredItem {
  const ipAddress = addressText(version, value);
  const json = addressItemJson({
    id: null,
    ipAddress,
    ...availableAddressFields,
    ...NOT_SEEN,
    updatedDate: null,
    updatedBy: null,
  });
  return { key: sortKeyOf(version, value), json };
}

/**
 * Items for these ascending addresses: the stored row where one exists, the virtual row otherwise.
 * `stored` is ascending too (and may hold rows beyond them), so one walk over both matches them.
 */
export function itemsFor(
  version: IpVersion,
  values: readonly bigint[],
  stored: readonly StoredItem[],
): StoredItem[] {
  const items: StoredItem[] = [];
  let next = 0;
  for (const value of values) {
    const key = sortKeyOf(version, value);
    while (next < stored.length && (stored[next]?.key ?? '') < key) next++;
    const row = stored[next];
    items.push(row?.key === key ? row : virtualItem(version, value));
  }
  return items;
}

/** Cuts a limit+1 list into a page and the cursor of the next one. */
export function paged(items: StoredItem[], limit: number) {
  const page = items.slice(0, limit);
  const last = page.at(-1);
  return { items: page, nextCursor: items.length > limit && last ? valueOfSortKey(last.key) : null };
}
