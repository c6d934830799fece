import { SCANNING_TYPES } from '@ipam/core/schemas/common-fields';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../api-client.js';
import type { Id } from '../auth-types.js';
import { queryKeys } from '../query-keys.js';

/** A subnet as the API answers it: `bits` for IPv4, `prefixLength` for IPv6. */
export const subnetSchema = z.object({
  id: z.string(),
  name: z.string(),
  vlanId: z.number(),
  description: z
    .string()
    .nullish()
    .transform((text) => text ?? ''),
  groupId: z.string(),
  version: z.union([z.literal(4), z.literal(6)]),
  networkIP: z.string(),
  bits: z.number().optional(),
  prefixLength: z.number().optional(),
  scanningType: z.enum(SCANNING_TYPES),
  scanFrequency: z.number().nullable(),
  lastScanned: z.string().nullish(),
  scanNow: z.boolean().optional(),
});
export type Subnet = z.infer<typeof subnetSchema>;

const subnetListSchema = z.object({ items: z.array(subnetSchema) });

/** The subnet's prefix length, whichever version it is. */
export function subnetLength(subnet: Subnet): number {
  return (subnet.version === 4 ? subnet.bits : subnet.prefixLength) ?? 0;
}

/** "10.0.0.0/24" */
export function subnetCidr(subnet: Subnet): string {
  return `${subnet.networkIP}/${subnetLength(subnet)}`;
}

/** The account's subnets in name order (core's compareNames, as the server answers them). */
export function useSubnets(accountId: Id) {
  return useQuery({
    queryKey: queryKeys.subnets(accountId),
    queryFn: async () => (await api.get(`/api/accounts/${accountId}/subnets`, subnetListSchema)).items,
  });
}
