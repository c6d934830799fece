import { ADDRESS_STATUSES, type AddressUpdateInput } from '@ipam/core/schemas/address-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { ADDRESS_PAGE_SIZE, type AddressView } from '../address-paging.js';

/** An address row; never-written addresses come with `id` null. */
export const addressSchema = z.object({
  id: z.union([z.string(), z.number()]).nullable(),
  ipAddress: z.string(),
  status: z.enum(ADDRESS_STATUSES),
  hostname: z
    .string()
    .nullish()
    .transform((text) => text ?? ''),
  description: z
    .string()
    .nullish()
    .transform((text) => text ?? ''),
  allowScannerUpdate: z.boolean(),
  updatedDate: z.string().nullish(),
  updatedBy: z.union([z.string(), z.number()]).nullish(),
});
export type Address = z.infer<typeof addressSchema>;

const count = z.union([z.number(), z.string()]).transform(Number);

/** One page of the list with the totals after filter and search. */
export const addressPageSchema = z.object({
  items: z.array(addressSchema),
  total: count,
  usedPercent: count,
  nextCursor: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((cursor) => (cursor == null ? null : String(cursor))),
});
export type AddressPage = z.infer<typeof addressPageSchema>;

/** The query key of one page: the subnet's address key plus what selects the page. */
export function addressPageKey(
  accountId: string,
  subnetId: string,
  view: AddressView,
  cursor: string | null,
  limit = ADDRESS_PAGE_SIZE,
) {
  return [...queryKeys.addresses(accountId, subnetId), { ...view, cursor, limit }] as const;
}

/** Reads one page: up to `limit` addresses after `cursor` (from the start when null). */
export function fetchAddressPage(
  accountId: string,
  subnetId: string,
  view: AddressView,
  cursor: string | null,
  limit = ADDRESS_PAGE_SIZE,
) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (view.filter) params.set('filter', view.filter);
  if (view.q) params.set('q', view.q);
  if (cursor !== null) params.set('cursor', cursor);
  return api.get(`/api/accounts/${accountId}/subnets/${subnetId}/addresses?${params}`, addressPageSchema);
}

function useRefreshAddresses(accountId: string, subnetId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses(accountId, subnetId) });
}

/** Saves an address's status, hostname, description and scanner permission (Edit IP Address). */
export function useSaveAddress(accountId: string, subnetId: string) {
  const refresh = useRefreshAddresses(accountId, subnetId);
  return useMutation({
    mutationFn: ({ ipAddress, input }: { ipAddress: string; input: AddressUpdateInput }) =>
      api.put(
        `/api/accounts/${accountId}/subnets/${subnetId}/addresses/${encodeURIComponent(ipAddress)}`,
        input,
        addressSchema,
      ),
    onSuccess: refresh,
  });
}

/** The spec's Clear: Available, no hostname or description, scanner updates off. */
export function useClearAddress(accountId: string, subnetId: string) {
  const refresh = useRefreshAddresses(accountId, subnetId);
  return useMutation({
    mutationFn: (ipAddress: string) =>
      api.action(
        `/api/accounts/${accountId}/subnets/${subnetId}/addresses/${encodeURIComponent(ipAddress)}/clear`,
        addressSchema,
      ),
    onSuccess: refresh,
  });
}
