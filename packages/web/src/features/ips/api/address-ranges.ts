import { useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.js';
import { ADDRESS_PAGE_SIZE, type AddressListFilter } from '../address-paging.js';
import { fetchAddressRangePage } from './addresses.js';

/**
 * The rows of a leaf listed as ranges (written addresses and free runs), page after page from
 * `startCursor` (Jump to address) on; under the subnet's address key, so live changes refresh it.
 */
export function useAddressRanges(
  accountId: string,
  subnetId: string,
  view: AddressListFilter,
  startCursor: string | null,
) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.addresses(accountId, subnetId), 'ranges', { ...view, startCursor }],
    queryFn: ({ pageParam }) =>
      fetchAddressRangePage(accountId, subnetId, view, pageParam, ADDRESS_PAGE_SIZE),
    initialPageParam: startCursor,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 10_000,
  });
}
