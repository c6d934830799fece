import type { AddressSort, SortOrder } from '@ipam/core/address-listing';
import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
import type { Db } from '../db/database.js';
import {
  bothFilters,
  listStoredItems,
  type StoredFilter,
  type StoredItem,
  type SubnetRef,
} from './address-repository.js';
import {
  listStoredSorted,
  storedSortValues,
  type SortedPosition,
  type TextSortField,
} from './address-sort-repository.js';

/** A sort by a stored field (address order is the sparse list's own). */
export type FieldSort = { field: Exclude<AddressSort, 'address'>; order: SortOrder };

/**
 * The stored rows that sort among the never-written addresses because they hold the same value:
 * Available, no hostname, never updated. With every never-written address they form the sort's
 * "block", listed in address order by the sparse list's own walks, so a /8 sorts in milliseconds.
 */
export function blockOf(field: FieldSort['field']): StoredFilter {
  return field === 'status' ? { status: 'Available' } : { blank: field };
}

/**
 * One run of a sorted list: the block; the written rows of one status in address order (through the
 * subnet/status/key index); or the written rows outside the block by a text field's value.
 */
type Part =
  { kind: 'block' } | { kind: 'status'; status: AddressStatus } | { kind: 'text'; field: TextSortField };

/**
 * The runs in list order. Available is the spec's first status, so an ascending status sort starts
 * with the block; an empty hostname or a never-updated address comes last in both orders.
 */
function partsOf(sort: FieldSort): Part[] {
  if (sort.field !== 'status') return [{ kind: 'text', field: sort.field }, { kind: 'block' }];
  const used: Part[] = [
    { kind: 'status', status: 'In Use' },
    { kind: 'status', status: 'Reserved' },
  ];
  return sort.order === 'asc' ? [{ kind: 'block' }, ...used] : [...used.reverse(), { kind: 'block' }];
}

/** What a sorted page reads, and how it lists the block (the address-order page of that kind). */
export interface SortedRead {
  db: Db;
  accountId: string;
  subnet: SubnetRef;
  /** The subnet's listed addresses. */
  listed: { first: bigint; last: bigint };
  sort: FieldSort;
  /** The status filter and search as a condition on stored rows. */
  filter: StoredFilter;
  /** The page starts after this address (where it sorts now); null: from the top. */
  cursor: bigint | null;
  /** How many items to read (a page and one more). */
  need: number;
  /** The block's items in address order from `start` (null: its first address), at most `need`. */
  blockItems: (start: bigint | null, need: number) => Promise<StoredItem[]>;
}

/** Where a sorted list continues after its cursor: which run, and where in it. */
interface Resume {
  part: number;
  /** After this address (block and status runs). */
  start: bigint | null;
  /** After this value and key (a text field's run). */
  after: SortedPosition | null;
}

async function resumeAfter(read: SortedRead, parts: readonly Part[]): Promise<Resume> {
  const { cursor, sort } = read;
  if (cursor === null) return { part: 0, start: null, after: null };
  const field = sort.field === 'status' ? null : sort.field;
  const row = await storedSortValues(read.db, read.subnet, field, cursor);
  const partIndex = (matches: (part: Part) => boolean) => parts.findIndex(matches);
  const inBlock = { part: partIndex((part) => part.kind === 'block'), start: cursor + 1n, after: null };
  if (row === undefined) return inBlock;
  if (field === null) {
    const status = partIndex((part) => part.kind === 'status' && part.status === row.status);
    return status < 0 ? inBlock : { part: status, start: cursor + 1n, after: null };
  }
  if (row.value === null || row.value === '') return inBlock;
  return {
    part: partIndex((part) => part.kind === 'text'),
    start: null,
    after: { value: row.value, key: row.key },
  };
}

/** Up to `need` items of one run, from where the list resumes in it (or its beginning). */
function readPart(read: SortedRead, part: Part, from: Resume | null, need: number): Promise<StoredItem[]> {
  const { db, accountId, subnet, filter } = read;
  if (part.kind === 'block') return read.blockItems(from?.start ?? null, need);
  if (part.kind === 'text') {
    const head = bothFilters(filter, { outside: blockOf(part.field) });
    const sort = { field: part.field, order: read.sort.order };
    return listStoredSorted(db, accountId, subnet, sort, head, from?.after ?? null, need);
  }
  const range = { from: from?.start ?? read.listed.first, to: read.listed.last };
  if (range.from > range.to) return Promise.resolve([]);
  return listStoredItems(db, accountId, subnet, range, bothFilters(filter, { status: part.status }), need);
}

/**
 * Up to `need` items of a list sorted by a stored field: its runs in order (see partsOf), each read
 * only as far as the page needs. The cursor is an address: the list resumes where that address sorts
 * now, so a row rewritten between two pages moves with its new value, as a list re-read then shows it.
 */
export async function sortedItems(read: SortedRead): Promise<StoredItem[]> {
  const parts = partsOf(read.sort);
  const resume = await resumeAfter(read, parts);
  const items: StoredItem[] = [];
  for (let index = resume.part; index < parts.length && items.length < read.need; index++) {
    const part = parts[index];
    if (!part) break;
    const from = index === resume.part ? resume : null;
    items.push(...(await readPart(read, part, from, read.need - items.length)));
  }
  return items.slice(0, read.need);
}
