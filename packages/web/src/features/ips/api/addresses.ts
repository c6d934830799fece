import { type AddressRangePage, isRangePage } from '@ipam/core/api/address-range-page';
import type { Address, AddressPage } from '@ipam/core/api/ipam';
import { addressRoutes } from '@ipam/core/api/routes/addresses';
import type { AddressUpdateInput } from '@ipam/core/schemas/address-schemas';
import type { BulkAddressInput } from '@ipam/core/schemas/bulk-address-schemas';
import { MAX_ADDRESS_PAGE_LIMIT } from '@ipam/core/schemas/address-list-schemas';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { useChangeRefresh } from '../../../lib/own-changes.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { ADDRESS_PAGE_SIZE, type AddressListFilter, isAddressOrder } from '../address-paging.js';

/** The query key of one page: the subnet's address key plus what selects the page. */
export function addressPageKey(
  accountId: string,
  subnetId: string,
  view: AddressListFilter,
  cursor: string | null,
  limit = ADDRESS_PAGE_SIZE,
) {
  return [...queryKeys.addresses(accountId, subnetId), { ...view, cursor, limit }] as const;
}

/** Reads one page: up to `limit` addresses after `cursor` (from the start when null). */
export async function fetchAddressPage(
  accountId: string,
  subnetId: string,
  view: AddressListFilter,
  cursor: string | null,
  limit = ADDRESS_PAGE_SIZE,
): Promise<AddressPage> {
  const page = await fetchListPage(accountId, subnetId, view, cursor, limit);
  if (isRangePage(page)) throw new Error('This subnet is listed as free ranges, not address by address.');
  return page;
}

/** Reads one page of a leaf listed as ranges: up to `limit` rows after `cursor`. */
export async function fetchAddressRangePage(
  accountId: string,
  subnetId: string,
  view: AddressListFilter,
  cursor: string | null,
  limit = ADDRESS_PAGE_SIZE,
): Promise<AddressRangePage> {
  const page = await fetchListPage(accountId, subnetId, view, cursor, limit);
  if (!isRangePage(page)) throw new Error('This subnet is listed address by address, not as ranges.');
  return page;
}

/** Reads one answer of the list route, in whichever layout the subnet has. */
export function fetchListPage(
  accountId: string,
  subnetId: string,
  view: AddressListFilter,
  cursor: string | null,
  limit = ADDRESS_PAGE_SIZE,
) {
  return call(addressRoutes.list, {
    params: { accountId, subnetId },
    query: {
      limit,
      filter: view.filter ?? undefined,
      q: view.q || undefined,
      cursor: cursor ?? undefined,
      ...(isAddressOrder(view) ? {} : { sort: view.sort, order: view.order }),
    },
  });
}

function useRefreshAddresses(accountId: string, subnetId: string) {
  const refresh = useChangeRefresh(accountId);
  return (address: Address) => refresh([{ kind: 'address', id: address.ipAddress, subnetId }]);
}

/** Saves an address's status, hostname, description and scanner permission (Edit IP Address). */
export function useSaveAddress(accountId: string, subnetId: string) {
  const refresh = useRefreshAddresses(accountId, subnetId);
  return useMutation({
    mutationFn: ({ ipAddress, input }: { ipAddress: string; input: AddressUpdateInput }) =>
      call(addressRoutes.set, { params: { accountId, subnetId, ip: ipAddress }, body: input }),
    onSuccess: refresh,
  });
}

/** The spec's Clear: Available, no hostname or description, scanner updates off. */
export function useClearAddress(accountId: string, subnetId: string) {
  const refresh = useRefreshAddresses(accountId, subnetId);
  return useMutation({
    mutationFn: (ipAddress: string) =>
      call(addressRoutes.clear, { params: { accountId, subnetId, ip: ipAddress } }),
    onSuccess: refresh,
  });
}

/**
 * The addresses of the list after `cursor` (null: from its top), in the list's order, at most `count`:
 * the rows of a shift-click range the screen has not loaded, or every address a filter matches.
 */
export async function fetchAddressesAfter(
  accountId: string,
  subnetId: string,
  view: AddressListFilter,
  cursor: string | null,
  count: number,
): Promise<string[]> {
  const found: string[] = [];
  let next = cursor;
  while (found.length < count) {
    const limit = Math.min(MAX_ADDRESS_PAGE_LIMIT, count - found.length);
    const page = await fetchAddressPage(accountId, subnetId, view, next, limit);
    found.push(...page.items.map((item) => item.ipAddress));
    if (page.nextCursor === null || page.items.length === 0) break;
    next = page.nextCursor;
  }
  return found;
}

/** One change to many addresses of the subnet (the address table's bulk actions). */
export function useBulkChangeAddresses(accountId: string, subnetId: string) {
  const refresh = useChangeRefresh(accountId);
  return useMutation({
    mutationFn: (body: BulkAddressInput) =>
      call(addressRoutes.bulk, { params: { accountId, subnetId }, body }),
    // The server announces one event naming the subnet: every page of it is re-read.
    onSuccess: () => refresh([{ kind: 'address', id: subnetId, subnetId }]),
  });
}
