import { type AddressRangePage, isRangePage } from '@ipam/core/api/address-range-page';
import type { Address, AddressPage } from '@ipam/core/api/ipam';
import { addressRoutes } from '@ipam/core/api/routes/addresses';
import type { AddressUpdateInput } from '@ipam/core/schemas/address-schemas';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { useChangeRefresh } from '../../../lib/own-changes.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { ADDRESS_PAGE_SIZE, type AddressListFilter } from '../address-paging.js';

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
