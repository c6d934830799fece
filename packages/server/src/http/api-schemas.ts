import { z } from 'zod';

/** Response shapes (documented in the OpenAPI output and enforced when serialising). */
export const accountResponse = z.object({
  id: z.string(),
  uid: z.string().describe('the owner user id'),
  reference: z.string(),
  tier: z.number().int(),
  tierName: z.string(),
  maxusers: z.number().int(),
  maxnetworks: z.number().int(),
  subId: z.string().nullable(),
  subStatus: z.string().nullable(),
  subStart: z.string().nullable(),
  subEnd: z.string().nullable(),
  isOwner: z.boolean().describe('is the caller the owner'),
});

export const userResponse = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  lastLogin: z.string().nullable(),
});

export const meResponse = z.object({
  user: userResponse,
  accounts: z.array(accountResponse),
  currentAccountId: z.string().nullable(),
});

export const memberResponse = userResponse.extend({ isOwner: z.boolean() });

export const inviteResponse = z.object({ id: z.string(), email: z.string(), invitedAt: z.string() });

export const errorResponse = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

/** Body of requests that carry nothing (unsafe methods still send `{}`). */
export const emptyBody = z.object({}).strict();

/** Wraps an item schema as the API's list shape. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item) });
}
