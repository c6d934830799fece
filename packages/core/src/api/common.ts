import { z } from 'zod';

/** Every error answer: the spec's message, a stable code, and messages per field where a field is at fault. */
export const errorResponse = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorResponse>;

/** A request that carries nothing: no body at all (no Content-Type needed), or an empty JSON object. */
export const noBody = z.strictObject({}).nullish();

/** Wraps an item schema as the API's list shape, `{items: [...]}`. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item) });
}

/** A whole number as decimal text: IPv6 counts pass 2^53, so the API writes them exactly as text. */
export const decimalCount = z.string().regex(/^\d+$/, 'a whole number in decimal text');

/**
 * A count that may pass 2^53 (addresses of IPv6 subnets): a JSON number while it is a safe integer
 * (every IPv4 count, so those answers keep their shape), else exact decimal text.
 */
export const exactCount = z.union([z.number().int(), decimalCount]);

/** A count as `exactCount` writes it. */
export function exactCountOf(value: bigint): number | string {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
}

/** GET /api/health when the server and its database answer. */
export const healthResponse = z.object({ status: z.literal('ok') });

/** GET /api/health when the database does not answer (503): a load balancer takes the process out. */
export const healthUnavailableResponse = z.object({ status: z.literal('unavailable'), error: z.string() });

/** GET /api/config: the operator's public settings the web app needs. */
export const appConfigResponse = z.object({
  supportFormUrl: z.string().nullable(),
  feedbackFormUrl: z.string().nullable(),
  contactEmail: z.string(),
  supportByEmail: z
    .boolean()
    .describe(
      'support messages are mailed to a person (SMTP_URL and SUPPORT_INBOX are set): only then do the support pages promise an answer by e-mail',
    ),
  signUp: z
    .enum(['open', 'invite-only'])
    .describe('who may sign up: anyone, or only someone following an invitation link (SIGNUP=invite-only)'),
  billing: z
    .enum(['stripe', 'test', 'off'])
    .describe('online checkout: through Stripe, through the built-in test provider, or off (BILLING=off)'),
  directoryLogin: z
    .object({ label: z.string() })
    .nullable()
    .describe(
      'sign-in with a directory (LDAP / Active Directory) user name, and how to name it; null: not set up',
    ),
});
export type AppConfig = z.infer<typeof appConfigResponse>;

/** How many entries a confirm or ignore settled. */
export const settledResponse = z.object({ settled: z.number().int() });
