import { z } from 'zod';

/** The IPv4 calculator's result as stored and sent (core's IPv4Calculation). */
export const ipv4ResultResponse = z.object({
  version: z.literal(4),
  address: z.string(),
  cidr: z.number().int(),
  networkAddress: z.string(),
  broadcastAddress: z.string().nullable().describe('null for /31 and /32 (RFC 3021)'),
  firstUsable: z.string(),
  lastUsable: z.string(),
  usableIpRange: z.string(),
  totalAddresses: z.number().int(),
  totalHosts: z.number().int().describe('usable hosts'),
  subnetMask: z.string(),
  wildcardMask: z.string(),
  binarySubnetMask: z.string(),
  ipClass: z.string(),
  ipType: z.string(),
});

/** The IPv6 calculator's result as stored and sent (core's IPv6Calculation). */
export const ipv6ResultResponse = z.object({
  version: z.literal(6),
  address: z.string(),
  cidr: z.number().int(),
  networkAddress: z.string(),
  lastAddress: z.string(),
  broadcastAddress: z.null().describe('IPv6 has no broadcast address'),
  firstUsable: z.string(),
  lastUsable: z.string(),
  usableIpRange: z.string(),
  totalAddresses: z.string().describe('decimal: up to 2^128'),
  totalHosts: z.string(),
  subnetMask: z.string(),
  ipType: z.string(),
});

const savedBy = {
  id: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable().describe('user id of whoever saved it'),
  createdByEmail: z.string().nullable(),
};

/** A saved IPv4 calculation (tools spec §3). */
export const savedIPv4Response = z.object({
  ...savedBy,
  type: z.literal('ipv4'),
  ipAddress: z.string(),
  subnetMask: z.string().describe('as typed'),
  cidr: z.number().int(),
  calculationResult: ipv4ResultResponse,
});
export type SavedIPv4 = z.infer<typeof savedIPv4Response>;

/** A saved IPv6 calculation (tools spec §3). */
export const savedIPv6Response = z.object({
  ...savedBy,
  type: z.literal('ipv6'),
  ipAddress: z.string(),
  prefixLength: z.string().describe('as typed'),
  prefixLengthNumber: z.number().int(),
  calculationResult: ipv6ResultResponse,
});
export type SavedIPv6 = z.infer<typeof savedIPv6Response>;
