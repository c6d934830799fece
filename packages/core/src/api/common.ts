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

/** GET /api/health. */
export const healthResponse = z.object({ status: z.literal('ok') });

/** GET /api/config: the operator's public settings the web app needs. */
export const appConfigResponse = z.object({
  supportFormUrl: z.string().nullable(),
  feedbackFormUrl: z.string().nullable(),
  contactEmail: z.string(),
  billing: z
    .enum(['stripe', 'test', 'off'])
    .describe('online checkout: through Stripe, through the built-in test provider, or off (BILLING=off)'),
});
export type AppConfig = z.infer<typeof appConfigResponse>;

/** How many entries a confirm or ignore settled. */
export const settledResponse = z.object({ settled: z.number().int() });
