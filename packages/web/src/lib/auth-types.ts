import { z } from 'zod';

// Ids are passed back to the API exactly as it sent them (a number or a string).
const id = z.union([z.string(), z.number()]);
export type Id = z.infer<typeof id>;
const optionalText = z.string().nullish();

/** An account as the API answers it (field names are the spec's). */
export const accountSchema = z.object({
  id,
  uid: id,
  reference: optionalText,
  tier: z.number(),
  tierName: z.string(),
  maxusers: z.number().nullish(),
  maxnetworks: z.number().nullish(),
  subStatus: optionalText,
  isOwner: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

/** The signed-in user, their accounts and the account they work in. */
export const meSchema = z.object({
  user: z.object({
    id,
    email: z.string(),
    displayName: optionalText,
    lastLogin: optionalText,
  }),
  accounts: z.array(accountSchema),
  currentAccountId: id.nullable(),
});
export type Me = z.infer<typeof meSchema>;

/** The account's display name: its reference, else "Account" plus its id (spec §2, Switch Accounts). */
export function accountLabel(account: Account): string {
  return account.reference ? account.reference : `Account ${account.id}`;
}
