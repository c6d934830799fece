import {
  listedAddresses,
  usedPercent,
  type AddressFilter,
  type AddressSort,
  type SortOrder,
} from '@ipam/core/address-listing';
import { isListedAsRanges } from '@ipam/core/address-ranges';
import { addressPageResponse } from '@ipam/core/api/ipam';
import { formatPrefix } from '@ipam/core/cidr';
import { parseAddress } from '@ipam/core/ip-address';
import { messages } from '@ipam/core/messages';
import { prefixLast, type IpVersion, type Prefix } from '@ipam/core/prefix';
import { RangeTextSearch } from '@ipam/core/range-text-search';
import { staleCutoff } from '@ipam/core/stale';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { stringifierOf } from '../http/response-serializer.js';
import { findListedSubnet } from './address-count-repository.js';
import { addressText, valueOfSortKey } from './address-keys.js';
import {
  countSearch,
  countStored,
  listStoredItems,
  storedAmong,
  type StoredFilter,
  type StoredItem,
} from './address-repository.js';
import { pagedRows, rangePageJson, rangeRows, type RangeRow, type RangeWalk } from './address-range-rows.js';
import {
  addressOrderItems,
  listTotal,
  paged,
  searchItems,
  searchTotal,
  storedFilterOf,
  virtualItem,
  writtenItems,
  writtenOnlyFilter,
  type PageContext,
} from './address-page-items.js';
import { blockOf, sortedItems } from './address-sorted-page.js';

/** What a client asks for: `cursor` is the `nextCursor` of the previous page (an address). */
export interface AddressPageRequest {
  filter: AddressFilter | null;
  q: string | null;
  cursor: string | null;
  limit: number;
  /** Address order when left out. */
  sort?: AddressSort;
  order?: SortOrder;
  /** What "stale" is measured from; the present when left out. */
  now?: Date;
}

/** The addresses a page shows and what the filter found in all. */
interface FoundItems {
  items: StoredItem[];
  total: bigint;
  nextCursor: bigint | null;
}

/**
 * One page of a subnet's addresses as the JSON the list route answers (another account's subnet is a
 * 404): written rows as stored, never-written ones as virtual Available rows (DESIGN.md "Sparse
 * addresses"), in numeric order or sorted by a field (address-sorted-page.ts). Every kind of page
 * reads a bounded number of rows, so any page of a /8 is fast. Without filter and search, a cursor tells the page's key range before the subnet is read, so
 * its rows are read beside the subnet, not after it.
 */
export async function readAddressPage(
  db: Db,
  accountId: string,
  subnetId: string,
  request: AddressPageRequest,
): Promise<string> {
  const sort = request.sort ?? 'address';
  const isPlain = request.filter === null && request.q === null && sort === 'address';
  const guess = isPlain && request.cursor !== null ? rangeAfterCursor(request.cursor, request.limit) : null;
  const [subnet, guessedItems] = await Promise.all([
    findListedSubnet(db, accountId, subnetId),
    guess && listStoredItems(db, accountId, { id: subnetId, version: guess.version }, guess),
  ]);
  if (!subnet) throw new DomainError('not_found', messages.notFound);
  if (subnet.isContainer) {
    throw new DomainError(
      'container_no_addresses',
      messages.containerHasNoAddresses(formatPrefix(subnet.prefix)),
    );
  }
  const { prefix, counts } = subnet;
  if (request.filter === 'stale' && subnet.staleAfterDays === null) {
    throw new DomainError('validation_failed', messages.staleNotMarked, { filter: messages.staleNotMarked });
  }
  const staleBefore =
    subnet.staleAfterDays === null ? null : staleCutoff(request.now ?? new Date(), subnet.staleAfterDays);
  const listed = listedAddresses(prefix);
  const cursor = request.cursor === null ? null : cursorValue(prefix, request.cursor);
  const start = cursor === null || cursor < listed.first ? listed.first : cursor + 1n;
  const page: PageContext = {
    db,
    accountId,
    subnet: { id: subnet.id, version: prefix.version, prefix },
    listed,
    start,
    counts,
    limit: request.limit,
    need: request.limit + 1,
    only: {},
    staleBefore,
  };
  const { filter } = request;
  const q = request.q?.toLowerCase() ?? null;
  if (isListedAsRanges(prefix)) {
    if (sort !== 'address') {
      throw new DomainError('validation_failed', messages.rangesNotSortable(formatPrefix(prefix)), {
        sort: messages.rangesNotSortable(formatPrefix(prefix)),
      });
    }
    return rangePage(page, filter, q);
  }
  // A search counts first: its count is the total, and a search no written row matches skips the row scan.
  const isWrittenOnly = writtenOnlyFilter(page, filter) !== null;
  const searched =
    q === null || isWrittenOnly ? null : await countSearch(db, subnet.id, storedFilterOf(page, filter, q), q);
  let items: StoredItem[];
  if (sort !== 'address') {
    items = await sortedItems({
      db,
      accountId,
      subnet: page.subnet,
      listed,
      sort: { field: sort, order: request.order ?? 'asc' },
      filter: storedFilterOf(page, filter, q),
      cursor,
      need: page.need,
      blockItems: (from, need) =>
        addressOrderItems(
          { ...page, start: from ?? listed.first, need, only: blockOf(sort) },
          filter,
          q,
          null,
        ),
    });
  } else {
    // The rows read beside the subnet cover the page when it starts where the cursor said (it always
    // does for a cursor the subnet accepts; the check keeps that an invariant rather than a belief).
    const guessed = guess?.from === start ? guessedItems : null;
    items = await addressOrderItems(page, filter, q, searched?.matching ?? null, guessed);
  }
  const total = await listTotal(page, filter, q, searched);
  return pageJson(page, { ...paged(items, page.limit), total });
}

/**
 * The value of a page cursor: an address of the subnet in any valid form (the page starts after it).
 * Clients get it as `nextCursor`; a hand-written one lets a list start at any address.
 */
export function cursorValue(prefix: Prefix, text: string): bigint {
  const parsed = parseAddress(text.trim());
  const refuse = (message: string): never => {
    throw new DomainError('validation_failed', message, { cursor: message });
  };
  if (parsed === null || parsed.zone !== null) return refuse(messages.invalidCursor);
  if (
    parsed.version !== prefix.version ||
    parsed.value < prefix.network ||
    parsed.value > prefixLast(prefix)
  ) {
    return refuse(messages.cursorNotInSubnet(formatPrefix(prefix)));
  }
  return parsed.value;
}

/** The highest address of each version. */
const LAST_ADDRESS = { 4: (1n << 32n) - 1n, 6: (1n << 128n) - 1n } as const;

/**
 * The key range a plain page after this cursor lies in, told by the cursor alone (the subnet can only
 * shorten it); null when the text is no address (the cursor is refused once the subnet is read).
 */
function rangeAfterCursor(
  text: string,
  limit: number,
): { version: IpVersion; from: bigint; to: bigint } | null {
  const parsed = parseAddress(text.trim());
  if (parsed === null || parsed.zone !== null || parsed.value >= LAST_ADDRESS[parsed.version]) return null;
  const last = LAST_ADDRESS[parsed.version];
  // A page and one more: the extra row tells whether a next page exists.
  const to = parsed.value + BigInt(limit) + 1n;
  return { version: parsed.version, from: parsed.value + 1n, to: to < last ? to : last };
}

/**
 * A page of a leaf over 2^24 addresses (DESIGN.md "Real networks"): written rows plus one row per free
 * run between them, exact decimal totals. In Use, and searches that never-written addresses match
 * only by their text, list single addresses as the other pages do.
 */
async function rangePage(page: PageContext, filter: AddressFilter | null, q: string | null): Promise<string> {
  const { db, accountId, subnet, listed, counts, start, need, limit } = page;
  const { version } = subnet;
  const usedCount = counts['In Use'] + counts.Reserved;
  const answer = (found: { rows: RangeRow[]; nextCursor: bigint | null }, total: bigint) =>
    rangePageJson(version, found, { total, listedCount: listed.count, usedCount });
  const isAvailableOnly = filter === 'available';
  const written = writtenOnlyFilter(page, filter);
  if (written !== null) {
    const items = await writtenItems(page, written, q);
    return answer(addressRows(paged(items, limit)), await listTotal(page, filter, q, null));
  }
  if (q !== null && !'available'.includes(q)) {
    const isTextSearchable = new RangeTextSearch(version, q, listed.first, listed.last).isSupported;
    if (!isTextSearchable) {
      const found = await writtenOrExactPage(page, q, isAvailableOnly);
      return answer(addressRows(found), found.total);
    }
    const searched = await countSearch(db, subnet.id, storedFilterOf(page, filter, q), q);
    const items = await searchItems(page, q, isAvailableOnly, searched.matching);
    return answer(addressRows(paged(items, limit)), searchTotal(page, q, searched));
  }
  // Every never-written address is shown (as free runs): Available ones, and searches every one matches.
  const shown: StoredFilter = {
    ...(isAvailableOnly ? { status: 'Available' as const } : {}),
    ...(q === null ? {} : { q }),
  };
  const walk: RangeWalk = {
    db,
    accountId,
    subnet,
    start,
    last: listed.last,
    need,
    anycast: version === 6 ? subnet.prefix.network : null,
    anycastItem: () => virtualItem(version, subnet.prefix.network),
  };
  const rows = await rangeRows(walk, shown);
  let total: bigint;
  if (q !== null) {
    const found = await countSearch(db, subnet.id, shown, q);
    total = found.matching + listed.count - found.stored;
  } else total = isAvailableOnly ? listed.count - usedCount : listed.count;
  return answer(pagedRows(rows, limit), total);
}

/** Found items as rows of a ranges page. */
function addressRows(found: { items: StoredItem[]; nextCursor: bigint | null }): {
  rows: RangeRow[];
  nextCursor: bigint | null;
} {
  const rows = found.items.map((item): RangeRow => ({
    kind: 'address',
    value: valueOfSortKey(item.key),
    json: item.json,
  }));
  return { rows, nextCursor: found.nextCursor };
}

/**
 * A search of a leaf wider than a /96, where core's text search cannot count never-written addresses
 * by their text: written rows that match, plus the searched address itself when the text is one of
 * the subnet's never-written addresses (Jump to address reaches any other).
 */
async function writtenOrExactPage(
  page: PageContext,
  q: string,
  isAvailableOnly: boolean,
): Promise<FoundItems> {
  const { db, accountId, subnet, listed, start, need } = page;
  const filter: StoredFilter = { q, ...(isAvailableOnly ? { status: 'Available' as const } : {}) };
  const [rows, matching] = await Promise.all([
    listStoredItems(db, accountId, subnet, { from: start, to: listed.last }, filter, need),
    countStored(db, subnet.id, filter),
  ]);
  const exact = parseAddress(q);
  const value = exact?.version === subnet.version && exact.zone === null ? exact.value : null;
  const isListed = value !== null && value >= listed.first && value <= listed.last;
  const isStored = isListed && (await storedAmong(db, subnet, [value])).size > 0;
  if (!isListed || isStored) return { ...paged(rows, page.limit), total: matching };
  const merged = value >= start ? [...rows, virtualItem(subnet.version, value)] : rows;
  merged.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { ...paged(merged.slice(0, need), page.limit), total: matching + 1n };
}

const writePage = stringifierOf(addressPageResponse);
const NO_ITEMS = '{"items":[]';

/**
 * The page's JSON: its fields written by the response schema's compiled serialiser with no items, and
 * the items' JSON (each already written by `addressItemJson`, stored or virtual) put in the empty list.
 */
function pageJson(page: PageContext, found: FoundItems): string {
  const usedCount = page.counts['In Use'] + page.counts.Reserved;
  const fields = writePage({
    items: [],
    total: Number(found.total),
    usedPercent: usedPercent(usedCount, page.listed.count),
    usedCount: Number(usedCount),
    nextCursor: found.nextCursor === null ? null : addressText(page.subnet.version, found.nextCursor),
  });
  // `items` is the schema's first property, so the serialiser's text starts with the empty list.
  if (!fields.startsWith(NO_ITEMS)) throw new Error(`a page's JSON does not start with its items: ${fields}`);
  return `{"items":[${found.items.map((item) => item.json).join(',')}]${fields.slice(NO_ITEMS.length)}`;
}
