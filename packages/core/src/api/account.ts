import { z } from 'zod';
import { ROLES } from '../roles.js';

/** An account (field names are the spec's: `maxusers`, `maxnetworks`). */
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
  isOwner: z.boolean().describe('does the caller hold the owner role'),
  role: z.enum(ROLES).describe("the caller's role in the account (docs/roles.md)"),
  groupIds: z
    .array(z.string())
    .describe('the groups an editor is limited to (with what is inside them); empty: every group'),
  ipv6Prefixes: z
    .object({ min: z.number().int(), max: z.number().int() })
    .nullable()
    .describe(
      "the IPv6 prefix lengths the account may create (the tier's /104–/124 unless the operator widened " +
        'them); null when the tier has no IPv6. Subnets that hold addresses are /64 or longer whatever the range',
    ),
  requireSecondFactor: z
    .boolean()
    .describe('every member needs a second factor (TOTP) before reaching the account; set by the owner'),
});
export type Account = z.infer<typeof accountResponse>;

/** A user as other members see them. */
export const userResponse = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  lastLogin: z.string().nullable(),
});
export type User = z.infer<typeof userResponse>;

/** GET /api/auth/me: the signed-in user, their accounts and the account they work in. */
export const meResponse = z.object({
  user: userResponse,
  hasSecondFactor: z.boolean().describe('the user signs in with a second factor (TOTP)'),
  accounts: z.array(accountResponse),
  currentAccountId: z.string().nullable(),
});
export type Me = z.infer<typeof meResponse>;

/** A member of an account. */
export const memberResponse = userResponse.extend({
  isOwner: z.boolean().describe('is this the account holder (who stays an owner)'),
  role: z.enum(ROLES),
  groupIds: z.array(z.string()).describe("an editor's group limits; empty: every group"),
});
export type Member = z.infer<typeof memberResponse>;

/** A pending invite. */
export const inviteResponse = z.object({
  id: z.string(),
  email: z.string(),
  invitedAt: z.string(),
  role: z.enum(ROLES).describe('the role the invited user gets'),
});
export type Invite = z.infer<typeof inviteResponse>;

/** GET /api/auth/invitation?invite=: whom an invite link was sent to and which account it joins. */
export const invitationResponse = z.object({
  email: z.string().describe('the invited e-mail (the sign-up form starts with it)'),
  accountName: z.string().describe("the inviting account's display name"),
});
export type Invitation = z.infer<typeof invitationResponse>;

/** A new invite or a re-issued link: the link to hand over, and whether an e-mail went out. */
export const inviteLinkResponse = inviteResponse.extend({
  inviteUrl: z.string().describe('sign-up or login with this link accepts the invite'),
  isMailed: z.boolean().describe('an invitation e-mail was sent'),
});
export type InviteLink = z.infer<typeof inviteLinkResponse>;

/** One of the user's live sessions. */
export const sessionResponse = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  device: z.string().describe('browser and system read from the user agent, e.g. "Chrome on Windows"'),
  ipAddress: z.string().nullable().describe('the client address at sign-in'),
  lastSeenAt: z
    .string()
    .nullable()
    .describe('the last request made with the session, recorded at most once a minute'),
  isCurrent: z.boolean().describe('the session of this request'),
});
export type Session = z.infer<typeof sessionResponse>;

/** DELETE /api/auth/sessions/others: how many sessions were ended. */
export const endedSessionsResponse = z.object({ ended: z.number().int() });

/** POST /api/auth/password-reset: the same text for every address. */
export const resetRequestedResponse = z.object({ message: z.string() });

/** GET /api/accounts/:a/stats: the dashboard's counts. */
export const statsResponse = z.object({
  totalSubnets: z.number().int(),
  totalGroups: z.number().int(),
  maxNetworks: z.number().int(),
});
export type Stats = z.infer<typeof statsResponse>;

/** POST /api/support/messages: the stored message's receipt. */
export const supportReceiptResponse = z.object({ id: z.string(), receivedAt: z.string() });

/** The account's display name: its reference, else "Account" plus its id (spec §2, Switch Accounts). */
export function accountLabel(account: Pick<Account, 'id' | 'reference'>): string {
  return account.reference ? account.reference : `Account ${account.id}`;
}
