import { type Address, type AddressPage, type Subnet, subnetLength } from '@ipam/core/api/ipam';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { addressPageKey, fetchAddressPage } from '../api/addresses.js';
import {
  ADDRESS_PAGE_SIZE,
  type AddressListFilter,
  directCursor,
  firstListedAddress,
  pagesBetween,
  planRequests,
  splitAnswer,
} from '../address-paging.js';

/** The rows of the list a screen needs, fetched page by page. */
export interface AddressWindow {
  /** Rows after filter and search; undefined until the first page answers. */
  total: number | undefined;
  usedPercent: number | undefined;
  /** In Use + Reserved addresses of the subnet. */
  usedCount: number | undefined;
  /** The row at an index, or undefined while its page loads. */
  rowAt: (index: number) => Address | undefined;
  error: unknown;
  isFetching: boolean;
  refetch: () => void;
}

interface WindowRequest {
  accountId: string;
  subnet: Subnet;
  listFilter: AddressListFilter;
  /** Rows in view (inclusive); null before the list is measured. */
  rows: { first: number; last: number } | null;
}

/**
 * Fetches the pages that cover the rows in view, and always the first page (it carries the totals).
 * An unfiltered list computes any page's cursor, so a jump deep into a /8 costs one request. A
 * filtered or searched list learns each page's cursor from the page before it; a deep jump there
 * walks forward ten pages per request (the API pages forward only; see the report on `offset`).
 */
export function useAddressWindow({ accountId, subnet, listFilter, rows }: WindowRequest): AddressWindow {
  const length = subnetLength(subnet);
  const first = useMemo(() => firstListedAddress(subnet.networkIP, length), [subnet.networkIP, length]);
  // Cursors learnt from pages already read, per list (a new filter or search starts over).
  const listKey = `${subnet.id}|${listFilter.filter ?? ''}|${listFilter.q}|${listFilter.sort ?? ''}|${listFilter.order ?? ''}`;
  const learnt = useRef({ listKey, cursors: new Map<number, string>() });
  if (learnt.current.listKey !== listKey) learnt.current = { listKey, cursors: new Map() };
  const { cursors } = learnt.current;

  const cursorOfPage = (page: number): string | null | undefined =>
    directCursor(first, listFilter, page) ?? (page === 0 ? null : cursors.get(page));

  const wanted = rows ? pagesBetween(rows.first, rows.last) : [];
  const requested = planRequests(wanted, cursorOfPage);

  const results = useQueries({
    queries: requested.map(([page, span]) => {
      const cursor = cursorOfPage(page) ?? null;
      const limit = span * ADDRESS_PAGE_SIZE;
      return {
        queryKey: addressPageKey(accountId, subnet.id, listFilter, cursor, limit),
        queryFn: () => fetchAddressPage(accountId, subnet.id, listFilter, cursor, limit),
        staleTime: 10_000,
      };
    }),
  });

  const byPage = new Map<number, AddressPage>();
  results.forEach((result, i) => {
    const [page, span] = requested[i] ?? [0, 1];
    if (!result.data) return;
    for (const part of splitAnswer(page, span, result.data.items, result.data.nextCursor)) {
      byPage.set(part.page, { ...result.data, items: part.items, nextCursor: part.nextCursor });
      if (part.nextCursor !== null && directCursor(first, listFilter, part.page + 1) === undefined) {
        cursors.set(part.page + 1, part.nextCursor);
      }
    }
  });

  // Cursors learnt above may unlock the next pages: render again to request them.
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const learntCount = cursors.size;
  useEffect(() => rerender(), [learntCount]);

  const head = byPage.get(0);
  return {
    total: head?.total,
    usedPercent: head?.usedPercent,
    usedCount: head?.usedCount,
    rowAt: (index) => byPage.get(Math.floor(index / ADDRESS_PAGE_SIZE))?.items[index % ADDRESS_PAGE_SIZE],
    error: results.find((result) => result.error)?.error ?? null,
    isFetching: results.some((result) => result.isFetching),
    refetch: () => results.forEach((result) => void result.refetch()),
  };
}
