import { z } from 'zod';
import { addressResponse } from './ipam.js';

/** `POST .../addresses/next`: the addresses assigned, lowest first. */
export const nextFreeResponse = z.object({ items: z.array(addressResponse) });
export type NextFreeAnswer = z.infer<typeof nextFreeResponse>;

/** One free prefix. */
export const freePrefixResponse = z.object({
  cidr: z.string().describe('network/length, canonical'),
  networkIP: z.string(),
  prefixLength: z.number().int(),
  version: z.union([z.literal(4), z.literal(6)]),
});

/** `GET .../groups/:id/free-prefixes`: the first free aligned prefixes, lowest first, and where they were looked for. */
export const freePrefixesResponse = z.object({
  within: z.string().describe('the range searched'),
  vrfId: z.string(),
  vrfName: z.string().describe('the VRF whose subnets were taken into account'),
  items: z.array(freePrefixResponse),
});
export type FreePrefixes = z.infer<typeof freePrefixesResponse>;
