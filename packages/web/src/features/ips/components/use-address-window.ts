import { useQueries } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import type { Id } from '../../../lib/auth-types.js';
import { type Address, type AddressPage, addressPageKey, fetchAddressPage } from '../api/addresses.js';
import {
  ADDRESS_PAGE_SIZE,
  type AddressView,
  directCursor,
  firstListedAddress,
  pagesBetween,
} from '../address-paging.js';
import { type Subnet, subnetLength } from '../api/get-subnets.js';

/** The rows of the list a screen needs, fetched page by page. */
export interface AddressWindow {
  /** Rows after filter and search; undefined until the first page answers. */
  total: number | undefined;
  usedPercent: number | undefined;
  /** The row at an index, or undefined while its page loads. */
  rowAt: (index: number) => Address | undefined;
  error: unknown;
  isFetching: boolean;
  refetch: () => void;
}

interface WindowRequest {
  accountId: Id;
  subnet: Subnet;
  view: AddressView;
  /** Rows in view (inclusive); null before the list is measured. */
  rows: { first: number; last: number } | null;
}

/**
 * Fetches the pages that cover the rows in view, and always the first page (it carries the totals).
 * An unfiltered list computes any page's cursor, so a jump deep into a /8 costs one request. A
 * filtered or searched list learns each page's cursor from the page before it; a deep jump there
 * walks forward one page at a time (the API pages forward only).
 */
export function useAddressWindow({ accountId, subnet, view, rows }: WindowRequest): AddressWindow {
  const length = subnetLength(subnet);
  const first = useMemo(() => firstListedAddress(subnet.networkIP, length), [subnet.networkIP, length]);
  // Cursors learnt from pages already read, per list (a new filter or search starts over).
  const viewKey = `${subnet.id}|${view.filter ?? ''}|${view.q}`;
  const learnt = useRef({ viewKey, cursors: new Map<number, string>() });
  if (learnt.current.viewKey !== viewKey) learnt.current = { viewKey, cursors: new Map() };
  const { cursors } = learnt.current;

  const cursorOfPage = (page: number): string | null | undefined =>
    directCursor(first, view, page) ?? (page === 0 ? null : cursors.get(page));

  const wanted = rows ? pagesBetween(rows.first, rows.last) : [];
  const pages = new Set([0]);
  for (const page of wanted) {
    if (cursorOfPage(page) !== undefined) {
      pages.add(page);
      continue;
    }
    // Walk forward from the deepest page whose cursor is known.
    let known = page - 1;
    while (known > 0 && cursorOfPage(known) === undefined) known--;
    pages.add(known);
  }
  const requested = [...pages].sort((a, b) => a - b);

  const results = useQueries({
    queries: requested.map((page) => {
      const cursor = cursorOfPage(page) ?? null;
      return {
        queryKey: addressPageKey(accountId, subnet.id, view, cursor),
        queryFn: () => fetchAddressPage(accountId, subnet.id, view, cursor),
        staleTime: 10_000,
      };
    }),
  });

  const byPage = new Map<number, AddressPage>();
  results.forEach((result, i) => {
    const page = requested[i];
    if (page === undefined || !result.data) return;
    byPage.set(page, result.data);
    const next = result.data.nextCursor;
    if (next !== null && directCursor(first, view, page + 1) === undefined) cursors.set(page + 1, next);
  });

  const head = byPage.get(0);
  return {
    total: head?.total,
    usedPercent: head?.usedPercent,
    rowAt: (index) => byPage.get(Math.floor(index / ADDRESS_PAGE_SIZE))?.items[index % ADDRESS_PAGE_SIZE],
    error: results.find((result) => result.error)?.error ?? null,
    isFetching: results.some((result) => result.isFetching),
    refetch: () => results.forEach((result) => void result.refetch()),
  };
}
