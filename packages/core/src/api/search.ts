import { z } from 'zod';
import { ADDRESS_STATUSES } from '../schemas/address-schemas.js';

/** Address matches shown per subnet; the subnet's `addressTotal` says how many there are. */
export const SEARCH_ADDRESSES_PER_SUBNET = 20;
/** Address matches shown in one answer, all subnets together. */
export const SEARCH_MAX_ADDRESSES = 200;
/** Subnets matching by their own name, description or network listed in one answer. */
export const SEARCH_MAX_SUBNETS = 200;

/** One address that matched (never-written addresses have `id` null and status Available). */
export const searchAddressResponse = z.object({
  id: z.string().nullable(),
  ipAddress: z.string(),
  status: z.enum(ADDRESS_STATUSES),
  hostname: z.string(),
  description: z.string(),
});
export type SearchAddress = z.infer<typeof searchAddressResponse>;

/** A subnet with matches: the subnet itself (name, description or network), its addresses, or both. */
export const searchSubnetResponse = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  groupId: z.string(),
  version: z.union([z.literal(4), z.literal(6)]),
  cidr: z.string().describe('network/prefix, e.g. 10.0.0.0/24'),
  vrfId: z.string(),
  vrfName: z.string().describe('the VRF it belongs to (Global unless the account made others)'),
  kind: z.enum(['leaf', 'container']).describe('a container holds subnets, so no address of its own matches'),
  isSubnetMatch: z.boolean().describe('the name, description or network matched (or contains the address)'),
  addresses: z.array(searchAddressResponse).describe('the first matches in numeric order'),
  addressTotal: z.number().int().describe('every matching address of the subnet, shown or not'),
});
export type SearchSubnet = z.infer<typeof searchSubnetResponse>;

/** The searched address itself, in the leaf subnet that holds it (written or a never-written Available one). */
export const searchExactMatchResponse = z.object({
  subnetId: z.string(),
  subnetName: z.string(),
  cidr: z.string().describe('the subnet holding it, e.g. 10.0.0.0/24'),
  vrfId: z.string(),
  vrfName: z.string(),
  address: searchAddressResponse,
});
export type SearchExactMatch = z.infer<typeof searchExactMatchResponse>;

/** The answer of a search: matching subnets in name order; `isTruncated` when some were left out. */
export const searchResponse = z.object({
  q: z.string(),
  exactMatches: z
    .array(searchExactMatchResponse)
    .describe(
      'when the search is one whole address: that address in each VRF whose leaf subnet holds it as a host (shown first); else empty',
    ),
  subnets: z.array(searchSubnetResponse),
  isTruncated: z
    .boolean()
    .describe('more matches exist than shown (see each addressTotal; subnets past the cap are left out)'),
});
export type SearchResult = z.infer<typeof searchResponse>;
