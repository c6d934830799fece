import { z } from 'zod';
import { messages } from '../messages.js';

/** The roles a provider's groups may give: owners are made by hand only (docs/single-sign-on.md). */
export const MAPPED_ROLES = ['admin', 'editor', 'viewer'] as const;
export type MappedRole = (typeof MAPPED_ROLES)[number];

/** What a sign-in whose groups match no rule gets: a role, or no access (`none`: refused). */
export const DEFAULT_ROLE_CHOICES = ['none', ...MAPPED_ROLES] as const;
export type DefaultRoleChoice = (typeof DEFAULT_ROLE_CHOICES)[number];

/** Most group rules of one provider. */
export const maxRoleRules = 50;

/** Whether a URL's host is this machine (localhost, 127.0.0.0/8, ::1): plain http is allowed there only. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/** An issuer URL as this app takes it: scheme, host (a name, IPv4 or [IPv6]), port, path; nothing else. */
const issuerPattern = /^(https?):\/\/(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?(?:\/[^?#\s]*)?$/;

/** An OpenID issuer URL: https, or http on this machine (a local try-out); no user, query or fragment. */
export const issuerUrlSchema = z
  .string()
  .trim()
  .max(500, messages.ssoIssuerInvalid)
  .refine((text) => {
    const [, scheme, host = ''] = issuerPattern.exec(text) ?? [];
    return scheme === 'https' || (scheme === 'http' && isLoopbackHost(host));
  }, messages.ssoIssuerInvalid);

/** The name of `/login?sso=<slug>`: lower-case letters, digits and dashes. */
export const ssoSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, messages.ssoSlugInvalid);

/** One rule: members of the group get the role. */
export const roleRuleSchema = z
  .object({
    group: z.string().trim().min(1, messages.ssoGroupRequired).max(200),
    role: z.enum(MAPPED_ROLES, { error: messages.roleInvalid }),
  })
  .strict();
export type RoleRule = z.infer<typeof roleRuleSchema>;

/**
 * `PUT /api/accounts/:accountId/sso`: the account's OpenID Connect provider. `clientSecret` left out
 * keeps the stored one (it is never shown again); the first set-up needs it.
 */
export const ssoProviderSchema = z
  .object({
    slug: ssoSlugSchema,
    displayName: z.string().trim().min(1, messages.ssoDisplayNameRequired).max(60),
    issuerUrl: issuerUrlSchema,
    clientId: z.string().trim().min(1, messages.ssoClientIdRequired).max(300),
    clientSecret: z.string().trim().min(1, messages.ssoSecretRequired).max(1000).optional(),
    groupsClaim: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_:/.-]{1,100}$/, 'Use letters, digits and _ : / . - (a dot reads inside an object).')
      .default('groups'),
    roleRules: z.array(roleRuleSchema).max(maxRoleRules),
    defaultRole: z.enum(DEFAULT_ROLE_CHOICES).default('none'),
  })
  .strict();
export type SsoProviderInput = z.input<typeof ssoProviderSchema>;
export type SsoProviderSettings = z.output<typeof ssoProviderSchema>;

/** `PUT /api/accounts/:accountId/sso/password-sign-in`: whether members (not owners) may use a password. */
export const passwordSignInSchema = z.object({ allowPasswordSignIn: z.boolean() }).strict();
export type PasswordSignInInput = z.infer<typeof passwordSignInSchema>;

/** `GET /api/auth/sso/providers?sso=`: the account provider to show besides the operator's. */
export const ssoProvidersQuery = z.object({ sso: z.string().max(100).optional() }).strict();

/** `GET /api/auth/sso/callback`: what the provider sends back (read by the OpenID library). */
export const ssoCallbackQuery = z.record(z.string(), z.string().max(4000));

/** The path of a provider's routes (`/api/auth/sso/:slug/…`). */
export const ssoSlugParams = z.object({ slug: z.string().max(100) });
