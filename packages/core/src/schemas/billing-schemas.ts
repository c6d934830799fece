import { z } from 'zod';

/**
 * POST /api/accounts/:a/checkout-sessions. Only the price: the return addresses are built by the
 * server (S20). A missing price is the domain's 'price_required' (BL-7), so the field is optional here.
 */
export const checkoutSessionCreateSchema = z.strictObject({
  priceId: z.string().max(100).optional(),
});
export type CheckoutSessionCreateInput = z.infer<typeof checkoutSessionCreateSchema>;
