import { DEFAULT_ROLE_CHOICES, issuerUrlSchema, type MappedRole } from '@ipam/core/schemas/sso-schemas';
import { z } from 'zod';
import { parseRoleMappingText, type RoleMapping } from '../external-identity/role-mapping.js';

/** The operator's OpenID Connect provider (OIDC_* variables): its users join one account. */
export interface OperatorOidcConfig {
  issuerUrl: string;
  clientId: string;
  /** A secret: never logged, never answered. */
  clientSecret: string;
  /** The name on the login page's button: "Sign in with <displayName>". */
  displayName: string;
  /** The ID token (or userinfo) claim holding the groups; a dot reads inside an object (`realm_access.roles`). */
  groupsClaim: string;
  mapping: RoleMapping;
  /** The account its users join (OIDC_ACCOUNT_ID). */
  accountId: string;
}

/** Single sign-on settings of the server. */
export interface SsoConfig {
  operator: OperatorOidcConfig | null;
  /**
   * SSO_ALLOW_PRIVATE_ISSUERS: an account's own provider may be on a private, loopback or link-local
   * address (an identity provider inside the company's network). Off: such issuers are refused, so an
   * account's owner cannot make the server call into its own network.
   */
  allowPrivateIssuers: boolean;
}

const emptyIsUnset = (value: unknown) => (value === '' ? undefined : value);

const ssoEnvSchema = z.object({
  OIDC_ISSUER_URL: z.preprocess(emptyIsUnset, issuerUrlSchema.optional()),
  OIDC_CLIENT_ID: z.preprocess(emptyIsUnset, z.string().max(300).optional()),
  // Checked by presence only and never echoed (a secret).
  OIDC_CLIENT_SECRET: z.preprocess(emptyIsUnset, z.string().max(1000).optional()),
  OIDC_DISPLAY_NAME: z.preprocess(emptyIsUnset, z.string().trim().min(1).max(60).default('single sign-on')),
  OIDC_GROUPS_CLAIM: z.preprocess(
    emptyIsUnset,
    z
      .string()
      .regex(/^[A-Za-z0-9_:/.-]{1,100}$/, 'must be a claim name (letters, digits and _ : / . -)')
      .default('groups'),
  ),
  OIDC_ROLE_MAPPING: z.string().default(''),
  OIDC_DEFAULT_ROLE: z.preprocess(
    emptyIsUnset,
    z.enum(DEFAULT_ROLE_CHOICES, { error: 'must be none, viewer, editor or admin' }).default('none'),
  ),
  OIDC_ACCOUNT_ID: z.preprocess(emptyIsUnset, z.uuid('must be an account id (a UUID)').optional()),
  SSO_ALLOW_PRIVATE_ISSUERS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
});

const requiredWithIssuer = ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ACCOUNT_ID'] as const;

/**
 * Reads the single sign-on variables: the operator's provider when OIDC_ISSUER_URL is set (then the
 * client id, secret and target account must be too), and the rule for accounts' own providers.
 * Answers the settings or every problem found, each naming its variable (values are never echoed).
 */
export function parseSsoEnv(
  env: Record<string, string | undefined>,
): { config: SsoConfig; problems: [] } | { config: null; problems: string[] } {
  const parsed = ssoEnvSchema.safeParse(env);
  if (!parsed.success) {
    return {
      config: null,
      problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    };
  }
  const e = parsed.data;
  const allowPrivateIssuers = e.SSO_ALLOW_PRIVATE_ISSUERS === 'true';
  const problems: string[] = [];
  const mapping = parseRoleMappingText(e.OIDC_ROLE_MAPPING);
  if ('problem' in mapping) problems.push(`OIDC_ROLE_MAPPING: ${mapping.problem}`);
  if (e.OIDC_ISSUER_URL === undefined) {
    const stray = requiredWithIssuer.filter((name) => e[name] !== undefined);
    if (stray.length > 0) problems.push(`${stray.join(', ')}: set OIDC_ISSUER_URL too, or unset them`);
    if (problems.length > 0) return { config: null, problems };
    return { config: { operator: null, allowPrivateIssuers }, problems: [] };
  }
  for (const name of requiredWithIssuer) {
    if (e[name] === undefined) problems.push(`${name}: required with OIDC_ISSUER_URL`);
  }
  if (problems.length > 0 || 'problem' in mapping) return { config: null, problems };
  const defaultRole: MappedRole | null = e.OIDC_DEFAULT_ROLE === 'none' ? null : e.OIDC_DEFAULT_ROLE;
  const operator: OperatorOidcConfig = {
    issuerUrl: e.OIDC_ISSUER_URL,
    clientId: e.OIDC_CLIENT_ID ?? '',
    clientSecret: e.OIDC_CLIENT_SECRET ?? '',
    displayName: e.OIDC_DISPLAY_NAME,
    groupsClaim: e.OIDC_GROUPS_CLAIM,
    mapping: { rules: mapping.rules, defaultRole },
    accountId: e.OIDC_ACCOUNT_ID ?? '',
  };
  return { config: { operator, allowPrivateIssuers }, problems: [] };
}
