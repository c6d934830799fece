import { z } from 'zod';

/** `GET /api/accounts/:a/inventory`: narrowed to one IPAM group (by name) and the groups inside it. */
export const inventoryQuery = z.strictObject({
  group: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe("an IPAM group's name: only hosts of its subnets and of the groups inside it"),
});
export type InventoryQuery = z.infer<typeof inventoryQuery>;

/** An IPAM group as the inventory shows it (for Ansible's group tree). */
export const inventoryGroup = z.object({
  id: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
});
export type InventoryGroup = z.infer<typeof inventoryGroup>;

/** One host: an In Use address with a hostname, with what Ansible is told about it. */
export const inventoryHost = z.object({
  hostname: z.string(),
  ipAddress: z.string().describe('canonical text'),
  subnet: z.string().describe("the subnet's network/length"),
  subnetName: z.string(),
  groupId: z.string().describe("the subnet's IPAM group"),
  vlanId: z.number().int(),
  vrf: z.string().describe("the subnet's VRF by name"),
  description: z.string(),
});
export type InventoryHost = z.infer<typeof inventoryHost>;

/** The account's hosts, lowest subnet and address first, and the groups they are in. */
export const inventoryResponse = z.object({
  groups: z.array(inventoryGroup),
  hosts: z.array(inventoryHost),
});
export type Inventory = z.infer<typeof inventoryResponse>;
