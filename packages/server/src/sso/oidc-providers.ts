import { isRole } from '@ipam/core/roles';
import type { MappedRole } from '@ipam/core/schemas/sso-schemas';
import type { SsoConfig } from '../config/sso-env.js';
import type { Db } from '../db/database.js';
import type { ExternalProvider } from '../external-identity/external-identity.js';
import type { SecretBox } from '../two-factor/secret-box.js';
import { findSsoProviderBySlug, type SsoProviderRecord } from './sso-provider-repository.js';

/** The sign-in name of the operator's provider (OIDC_* variables); no account may take it. */
export const OPERATOR_SLUG = 'default';

/** An OpenID Connect provider ready for a sign-in: how to reach it and what its users get. */
export interface OidcProvider extends ExternalProvider {
  slug: string;
  issuerUrl: string;
  clientId: string;
  /** A secret: never logged, never answered. */
  clientSecret: string;
  groupsClaim: string;
  /** Set by the operator (trusted: any address, e-mail take-over) rather than by an account's owner. */
  isOperator: boolean;
}

/** The provider key of an account's own provider: the account's, so editing its settings keeps the links. */
export function accountProviderKey(accountId: string): string {
  return `oidc:account:${accountId}`;
}

/** The operator's provider key. */
export const OPERATOR_PROVIDER_KEY = 'oidc:operator';

function defaultRoleOf(text: string | null): MappedRole | null {
  return text !== null && isRole(text) && text !== 'owner' ? text : null;
}

/** The operator's provider, if OIDC_ISSUER_URL is set. */
export function operatorProvider(sso: SsoConfig): OidcProvider | null {
  const operator = sso.operator;
  if (!operator) return null;
  return {
    key: OPERATOR_PROVIDER_KEY,
    method: 'oidc',
    slug: OPERATOR_SLUG,
    displayName: operator.displayName,
    accountId: operator.accountId,
    mapping: operator.mapping,
    isTrustedForEmail: true,
    issuerUrl: operator.issuerUrl,
    clientId: operator.clientId,
    clientSecret: operator.clientSecret,
    groupsClaim: operator.groupsClaim,
    isOperator: true,
  };
}

/** An account's own provider, its secret opened. */
export function accountProvider(record: SsoProviderRecord, secrets: SecretBox): OidcProvider {
  return {
    key: accountProviderKey(record.accountId),
    method: 'oidc',
    slug: record.slug,
    displayName: record.displayName,
    accountId: record.accountId,
    mapping: { rules: record.roleRules, defaultRole: defaultRoleOf(record.defaultRole) },
    isTrustedForEmail: false,
    issuerUrl: record.issuerUrl,
    clientId: record.clientId,
    clientSecret: secrets.open(record.clientSecretSealed),
    groupsClaim: record.groupsClaim,
    isOperator: false,
  };
}

/** The provider of a sign-in name: the operator's, or an account's; undefined when none. */
export async function findOidcProvider(
  deps: { db: Db; sso: SsoConfig; secrets: SecretBox },
  slug: string,
): Promise<OidcProvider | undefined> {
  if (slug === OPERATOR_SLUG) return operatorProvider(deps.sso) ?? undefined;
  const record = await findSsoProviderBySlug(deps.db, slug);
  return record && accountProvider(record, deps.secrets);
}
