import { z } from 'zod';
import { decimalCount } from './common.js';
import { addressPageResponse, addressResponse } from './ipam.js';

/** A written address of a leaf listed as ranges (or its subnet-router anycast address, written or not). */
export const addressRangeAddressRow = addressResponse.extend({ kind: z.literal('address') });

/** A run of never-written (so Available) addresses between written ones, `first` to `last` inclusive. */
export const addressRangeFreeRow = z.object({
  kind: z.literal('free'),
  first: z.string().describe('the first address of the run, RFC 5952'),
  last: z.string().describe('the last address of the run, RFC 5952'),
  count: decimalCount.describe('addresses in the run, exact'),
});

/** One row of a leaf listed as ranges. */
export const addressRangeRow = z.discriminatedUnion('kind', [addressRangeAddressRow, addressRangeFreeRow]);
export type AddressRangeRow = z.infer<typeof addressRangeRow>;

/**
 * A page of a leaf with more than 2^24 addresses (an IPv6 /64 to /103): its written addresses in order
 * and one row per free range between them, all counts exact decimal text. The list route answers it
 * (told apart by `layout`) instead of the address-by-address page for such subnets.
 */
export const addressRangePageResponse = z.object({
  items: z.array(addressRangeRow),
  layout: z.literal('ranges'),
  total: decimalCount.describe('addresses after filter and search (a free row counts every address in it)'),
  listedCount: decimalCount.describe('addresses the subnet lists'),
  usedCount: decimalCount.describe('In Use + Reserved addresses of the subnet'),
  usedPercent: z
    .string()
    .describe('usedCount over listedCount in percent, decimal text with three significant digits'),
  nextCursor: z
    .string()
    .nullable()
    .describe('the last address this page covers; the next page starts after it'),
});
export type AddressRangePage = z.infer<typeof addressRangePageResponse>;

/** What the list route answers: address by address up to 2^24 addresses (unchanged), as ranges above. */
export const addressListResponse = z.union([addressRangePageResponse, addressPageResponse]);
export type AddressListPage = z.infer<typeof addressListResponse>;

/** Whether a list answer is the ranges layout. */
export function isRangePage(page: AddressListPage): page is AddressRangePage {
  return 'layout' in page && page.layout === 'ranges';
}
