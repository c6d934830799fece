import { z } from 'zod';
import { messages } from '../messages.js';
import { ROLES } from '../roles.js';
import { DEFAULT_ROLE_CHOICES, roleRuleSchema } from '../schemas/sso-schemas.js';

/** A provider the login page offers: "Sign in with <displayName>" goes to `startUrl`. */
export const loginProviderResponse = z.object({
  slug: z.string(),
  displayName: z.string(),
  startUrl: z.string().describe('GET: sends the browser to the provider (Authorization Code with PKCE)'),
});
export type LoginProvider = z.infer<typeof loginProviderResponse>;

/** An account's own OpenID Connect provider as its owner sees it: never the client secret. */
export const ssoProviderResponse = z.object({
  slug: z.string(),
  displayName: z.string(),
  issuerUrl: z.string(),
  clientId: z.string(),
  hasClientSecret: z.literal(true).describe('the secret is stored encrypted and never shown again'),
  groupsClaim: z.string(),
  roleRules: z.array(roleRuleSchema),
  defaultRole: z.enum(DEFAULT_ROLE_CHOICES),
  loginUrl: z.string().describe('the login page that shows its button: /login?sso=<slug>'),
  updatedAt: z.string(),
});
export type SsoProviderView = z.infer<typeof ssoProviderResponse>;

/** `GET /api/accounts/:accountId/sso`: the account's single sign-on, for its owners. */
export const ssoSettingsResponse = z.object({
  provider: ssoProviderResponse.nullable(),
  operatorProvider: z
    .object({ displayName: z.string() })
    .nullable()
    .describe("the server operator's provider when its users join this account (OIDC_ACCOUNT_ID)"),
  allowPasswordSignIn: z.boolean().describe('members who are not owners may sign in with a password'),
  redirectUrl: z.string().describe('the redirect URI to register at the provider'),
  membersWithoutSso: z
    .array(z.object({ id: z.string(), email: z.string(), role: z.enum(ROLES) }))
    .describe("members with no sign-in linked to the account's provider (or the operator's)"),
});
export type SsoSettings = z.infer<typeof ssoSettingsResponse>;

/** `GET /api/auth/sso/links`: the providers of the user's accounts, and whether their sign-in is linked. */
export const ssoLinkResponse = z.object({
  slug: z.string(),
  displayName: z.string(),
  isLinked: z.boolean(),
  linkedAt: z.string().nullable(),
});
export type SsoLink = z.infer<typeof ssoLinkResponse>;

/** `POST /api/auth/sso/:slug/link`: where to send the browser to link the provider. */
export const ssoLinkStartResponse = z.object({ url: z.string() });

/**
 * The message of a single sign-on refusal the server sends the browser back with
 * (`/login?ssoError=<code>`), naming the provider; an unknown code reads as a failed sign-in.
 */
export function ssoErrorText(code: string, provider: string): string {
  switch (code) {
    case 'sso_no_role':
      return messages.ssoNoRole(provider);
    case 'sso_email_taken':
      return messages.ssoEmailTaken(provider);
    case 'sso_email_missing':
      return messages.ssoEmailMissing(provider);
    case 'sso_identity_taken':
      return messages.ssoIdentityTaken(provider);
    case 'sso_expired':
      return messages.ssoExpired;
    case 'sso_unavailable':
      return messages.ssoUnavailable(provider);
    case 'sso_unknown':
      return messages.ssoUnknown;
    case 'user_limit_reached':
      return messages.ssoUserLimit;
    default:
      return messages.ssoFailed(provider);
  }
}
