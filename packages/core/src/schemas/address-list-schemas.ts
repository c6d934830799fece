import { z } from 'zod';
import { ADDRESS_FILTERS, ADDRESS_SORTS, SORT_ORDERS } from '../address-listing.js';
import { messages } from '../messages.js';
import { MAX_SEARCH_LENGTH } from './common-fields.js';

/** Page size bounds of the address list: the web app pages by the default, walks by the maximum. */
export const MAX_ADDRESS_PAGE_LIMIT = 1000;
export const DEFAULT_ADDRESS_PAGE_LIMIT = 100;

const limitMessage = messages.pageLimitInvalid(MAX_ADDRESS_PAGE_LIMIT);

/** `GET …/subnets/:id/addresses`: `filter=` (empty) means no filter, like leaving it out. */
export const addressListQuery = z
  .strictObject({
    filter: z
      .enum([...ADDRESS_FILTERS, ''], { error: messages.addressFilterInvalid })
      .optional()
      .describe(
        'in-use: status In Use; available: status Available (never-written addresses included); stale: ' +
          "addresses a scanner saw, but not within the subnet's staleAfterDays (400 when it has none)",
      ),
    q: z
      .string()
      .max(MAX_SEARCH_LENGTH, messages.tooLong('Search', MAX_SEARCH_LENGTH))
      .optional()
      .describe('case-insensitive text in the address, status, hostname or description'),
    sort: z
      .enum(ADDRESS_SORTS, { error: messages.addressSortInvalid })
      .default('address')
      .describe(
        'address (default), status, hostname or updated; ties and never-written addresses keep address ' +
          'order, and addresses without a hostname or never updated come last in both orders. A subnet ' +
          'listed as free ranges is in address order only',
      ),
    order: z
      .enum(SORT_ORDERS, { error: messages.sortOrderInvalid })
      .default('asc')
      .describe('asc (default) or desc; hostnames compare case-insensitively, byte by byte'),
    cursor: z
      .string()
      .max(100, messages.invalidCursor)
      .optional()
      .describe(
        'nextCursor of the previous page: the page starts after this address (in a sorted list, after ' +
          'where this address sorts now)',
      ),
    limit: z.coerce
      .number({ error: limitMessage })
      .int(limitMessage)
      .min(1, limitMessage)
      .max(MAX_ADDRESS_PAGE_LIMIT, limitMessage)
      .default(DEFAULT_ADDRESS_PAGE_LIMIT),
  })
  // The sparse list walks addresses upward; a descending walk over 16.7M mostly unwritten ones is not offered.
  .refine((query) => query.sort !== 'address' || query.order === 'asc', {
    message: messages.addressOrderAscending,
    path: ['order'],
  });

/** `GET /api/accounts/:a/addresses/lookup?ip=&vrfId=`: an address in any valid form, and optionally a VRF. */
export const addressLookupQuery = z.strictObject({
  ip: z
    .string({ error: messages.ipAddressRequired })
    .trim()
    .min(1, messages.ipAddressRequired)
    .max(100, messages.invalidIpAddress)
    .describe('the address, IPv4 or IPv6 in any valid form'),
  vrfId: z.string().trim().max(100, messages.vrfNotFound).optional().describe('one VRF; absent: every VRF'),
});
