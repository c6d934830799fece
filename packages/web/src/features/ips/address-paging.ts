import {
  type AddressFilter,
  type AddressSort,
  listedAddresses,
  type SortOrder,
} from '@ipam/core/address-listing';
import { formatAddress, parseAddress } from '@ipam/core/ip-address';
import { prefixOf, type IpVersion } from '@ipam/core/prefix';
import { DEFAULT_ADDRESS_PAGE_LIMIT, MAX_ADDRESS_PAGE_LIMIT } from '@ipam/core/schemas/address-list-schemas';

/** Rows per request (the API's default page); a screen shows ~20, so one or two requests fill it. */
export const ADDRESS_PAGE_SIZE = DEFAULT_ADDRESS_PAGE_LIMIT;

/**
 * Which addresses the IP view lists, and in which order: a status filter and a search, both optional,
 * and a sort (absent: address order; the ranges layout has no other).
 */
export interface AddressListFilter {
  filter: AddressFilter | null;
  q: string;
  sort?: AddressSort;
  order?: SortOrder;
}

/** Whether the list is in plain address order (no sort by another column). */
export function isAddressOrder(view: AddressListFilter): boolean {
  return view.sort === undefined || view.sort === 'address';
}

/** The page holding row `index`. */
export function pageOf(index: number): number {
  return Math.floor(index / ADDRESS_PAGE_SIZE);
}

/** The pages covering rows `first`..`last` (inclusive). */
export function pagesBetween(first: number, last: number): number[] {
  const pages: number[] = [];
  for (let page = pageOf(first); page <= pageOf(last); page++) pages.push(page);
  return pages;
}

/**
 * The API's page cursor for an address: the address itself (the API's `nextCursor` is the last
 * address of the previous page; the next page starts after it).
 */
export function cursorOf(version: IpVersion, value: bigint): string {
  return formatAddress(version, value);
}

/** The first listed (host) address of a subnet, or null when its network text is unreadable. */
export function firstListedAddress(
  networkIP: string,
  length: number,
): { version: IpVersion; value: bigint } | null {
  const parsed = parseAddress(networkIP);
  if (!parsed) return null;
  const { first } = listedAddresses(prefixOf(parsed.version, parsed.value, length));
  return { version: parsed.version, value: first };
}

/**
 * Without filter, search or sort, row i is simply the subnet's i-th host address, so any page's cursor
 * is known without reading the pages before it: the /8's middle loads as fast as its top. With a
 * filter, search or sort, a page's cursor is learnt from the page before it (`undefined` until then).
 */
export function directCursor(
  first: { version: IpVersion; value: bigint } | null,
  listFilter: AddressListFilter,
  page: number,
): string | null | undefined {
  if (page === 0) return null;
  if (first === null || listFilter.filter !== null || listFilter.q !== '' || !isAddressOrder(listFilter)) {
    return undefined;
  }
  return cursorOf(first.version, first.value + BigInt(page * ADDRESS_PAGE_SIZE - 1));
}

/** A walk towards a deep page of a filtered list reads this many pages per request (the API's limit). */
export const WALK_PAGES = Math.floor(MAX_ADDRESS_PAGE_LIMIT / ADDRESS_PAGE_SIZE);

/**
 * The requests that cover the wanted pages, as [first page, pages read]: the first page always
 * (it carries the totals), each wanted page whose cursor is known, and for one that is not, a walk
 * of WALK_PAGES from the deepest page before it whose cursor is known.
 */
export function planRequests(
  wanted: readonly number[],
  cursorOfPage: (page: number) => string | null | undefined,
): [number, number][] {
  const requests = new Map<number, number>([[0, 1]]);
  for (const page of wanted) {
    if (page === 0 || cursorOfPage(page) !== undefined) {
      requests.set(page, requests.get(page) ?? 1);
      continue;
    }
    let known = page - 1;
    while (known > 0 && cursorOfPage(known) === undefined) known--;
    requests.set(known, WALK_PAGES);
  }
  return [...requests].sort(([a], [b]) => a - b);
}

/**
 * The pages in an answer that read `span` pages from `page`, each with the cursor of the page after
 * it (its last address; the answer's own `nextCursor` after the last one). An empty answer is still
 * the first page of an empty list.
 */
export function splitAnswer<T extends { ipAddress: string }>(
  page: number,
  span: number,
  items: readonly T[],
  nextCursor: string | null,
): { page: number; items: T[]; nextCursor: string | null }[] {
  const pages: { page: number; items: T[]; nextCursor: string | null }[] = [];
  for (let part = 0; part < span; part++) {
    const slice = items.slice(part * ADDRESS_PAGE_SIZE, (part + 1) * ADDRESS_PAGE_SIZE);
    if (slice.length === 0 && part > 0) break;
    const isLast = slice.length < ADDRESS_PAGE_SIZE || part === span - 1;
    pages.push({
      page: page + part,
      items: slice,
      nextCursor: isLast ? nextCursor : (slice.at(-1)?.ipAddress ?? null),
    });
    if (isLast) break;
  }
  return pages;
}
