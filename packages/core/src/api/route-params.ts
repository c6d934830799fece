import { z } from 'zod';

/** `/api/accounts/:accountId/…`: every account-scoped route. */
export const accountParams = z.object({ accountId: z.string() });

/** `…/subnets/:subnetId/…` of an account. */
export const subnetParams = accountParams.extend({ subnetId: z.string() });

/** `…/groups/:groupId/…` of an account. */
export const groupParams = accountParams.extend({ groupId: z.string() });

/** `…/plans/:planId/…` of an account. */
export const planParams = accountParams.extend({ planId: z.string() });

/** `…/vrfs/:vrfId` of an account. */
export const vrfParams = accountParams.extend({ vrfId: z.string() });
export const importParams = accountParams.extend({ importId: z.string() });
