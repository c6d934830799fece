import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { SsoSettings } from '@ipam/core/api/sso';
import { messages } from '@ipam/core/messages';
import { roleOf } from '../roles/member-role-repository.js';
import type { PasswordSignInInput, SsoProviderSettings } from '@ipam/core/schemas/sso-schemas';
import type { AccountRecord } from '../accounts/account-repository.js';
import { runChange, type UserChangeContext } from '../commands/change.js';
import type { SsoConfig } from '../config/sso-env.js';
import type { Db } from '../db/database.js';
import { isUniqueViolation, nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { listMembersWithoutIdentity } from '../external-identity/external-identity-repository.js';
import { describeRoleMapping } from '../external-identity/role-mapping.js';
import type { SecretBox } from '../two-factor/secret-box.js';
import { isPublicAddress } from '../webhooks/address-policy.js';
import { accountProviderKey, OPERATOR_PROVIDER_KEY, OPERATOR_SLUG } from './oidc-providers.js';
import {
  deleteSsoProviderOfAccount,
  findSsoProviderOfAccount,
  isPasswordSignInAllowed,
  saveSsoProvider,
  setPasswordSignInAllowed,
  type SsoProviderRecord,
} from './sso-provider-repository.js';

/** The path the provider sends the browser back to (register `<public URL>` + this at the provider). */
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';

/** What the settings need besides the change context. */
export interface SsoSettingsDeps {
  sso: SsoConfig;
  secrets: SecretBox;
  /** PUBLIC_URL, else the address the request reached. */
  baseUrl: string;
}

/** The operator's provider when its users join this account. */
function operatorOf(sso: SsoConfig, accountId: string): { displayName: string } | null {
  return sso.operator?.accountId === accountId ? { displayName: sso.operator.displayName } : null;
}

/** The account's single sign-on as its owner sees it: never the client secret. */
export async function ssoSettingsOf(
  db: Db,
  account: AccountRecord,
  deps: SsoSettingsDeps,
): Promise<SsoSettings> {
  const record = await findSsoProviderOfAccount(db, account.id);
  const operatorProvider = operatorOf(deps.sso, account.id);
  // A member counts as linked through the account's provider, or the operator's when it serves the account.
  const withoutOwn = await listMembersWithoutIdentity(db, account.id, accountProviderKey(account.id));
  const withoutOperator = operatorProvider
    ? new Set((await listMembersWithoutIdentity(db, account.id, OPERATOR_PROVIDER_KEY)).map((m) => m.id))
    : null;
  const unlinked = withoutOwn.filter((m) => withoutOperator?.has(m.id) ?? true);
  return {
    provider: record ? providerView(record) : null,
    operatorProvider,
    allowPasswordSignIn: await isPasswordSignInAllowed(db, account.id),
    redirectUrl: `${deps.baseUrl}${SSO_CALLBACK_PATH}`,
    membersWithoutSso: unlinked.map((m) => ({ id: m.id, email: m.email, role: roleOf(m.role) })),
  };
}

function providerView(record: SsoProviderRecord): NonNullable<SsoSettings['provider']> {
  return {
    slug: record.slug,
    displayName: record.displayName,
    issuerUrl: record.issuerUrl,
    clientId: record.clientId,
    hasClientSecret: true,
    groupsClaim: record.groupsClaim,
    roleRules: record.roleRules,
    defaultRole:
      record.defaultRole === 'viewer' || record.defaultRole === 'editor' || record.defaultRole === 'admin'
        ? record.defaultRole
        : 'none',
    loginUrl: `/login?sso=${record.slug}`,
    updatedAt: record.updatedAt,
  };
}

/** What History shows of a provider's settings (the secret only as "replaced"). */
function auditView(record: SsoProviderRecord, isSecretReplaced?: boolean) {
  return {
    slug: record.slug,
    displayName: record.displayName,
    issuerUrl: record.issuerUrl,
    clientId: record.clientId,
    groupsClaim: record.groupsClaim,
    roleMapping: describeRoleMapping(record.roleRules),
    defaultRole: record.defaultRole ?? 'none',
    ...(isSecretReplaced !== undefined ? { clientSecretReplaced: isSecretReplaced } : {}),
  };
}

function invalid(field: string, message: string): DomainError {
  return new DomainError('validation_failed', message, { [field]: message });
}

/**
 * Sets up or changes the account's OpenID Connect provider (owners only: the route table). The client
 * secret is sealed with the server's key and never answered; left out, the stored one stays (the
 * first set-up needs it). The sign-in name is the server's: another account's (or the operator's
 * `default`) is 409. An issuer at a private address is refused unless the operator allows them.
 */
export async function saveAccountProvider(
  ctx: UserChangeContext,
  input: SsoProviderSettings,
  deps: SsoSettingsDeps,
): Promise<void> {
  if (input.slug === OPERATOR_SLUG) throw invalid('slug', messages.ssoSlugTaken);
  const host = new URL(input.issuerUrl).hostname.replace(/^\[|\]$/g, '');
  const isPrivateLiteral =
    isIP(host) !== 0 ? !isPublicAddress(host) : host === 'localhost' || host.endsWith('.localhost');
  if (isPrivateLiteral && !deps.sso.allowPrivateIssuers)
    throw invalid('issuerUrl', messages.ssoIssuerPrivate);
  try {
    await runChange(ctx, async ({ trx, audit, announce }) => {
      const existing = await findSsoProviderOfAccount(trx, ctx.account.id);
      if (!existing && input.clientSecret === undefined)
        throw invalid('clientSecret', messages.ssoSecretRequired);
      const at = nowIso();
      const record: SsoProviderRecord = {
        id: existing?.id ?? randomUUID(),
        accountId: ctx.account.id,
        slug: input.slug,
        displayName: input.displayName,
        issuerUrl: input.issuerUrl,
        clientId: input.clientId,
        clientSecretSealed:
          input.clientSecret !== undefined
            ? deps.secrets.seal(input.clientSecret)
            : (existing?.clientSecretSealed ?? ''),
        groupsClaim: input.groupsClaim,
        roleRules: input.roleRules,
        defaultRole: input.defaultRole === 'none' ? null : input.defaultRole,
        createdAt: existing?.createdAt ?? at,
        updatedAt: at,
      };
      await saveSsoProvider(trx, record);
      audit(
        existing
          ? {
              action: 'update',
              entity: 'sso_provider',
              entityId: record.id,
              before: auditView(existing, false),
              after: auditView(record, input.clientSecret !== undefined),
            }
          : { action: 'create', entity: 'sso_provider', entityId: record.id, after: auditView(record) },
      );
      announce({ kind: 'account', id: ctx.account.id });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new DomainError('sso_slug_taken', messages.ssoSlugTaken, { slug: messages.ssoSlugTaken });
    throw error;
  }
}

/**
 * Removes the account's provider (none: nothing changes). Password sign-in comes back on for members when no other provider
 * serves the account (else nobody but the owners could sign in). Links stay: setting the provider up
 * again lets its users in as before.
 */
export async function removeAccountProvider(ctx: UserChangeContext, sso: SsoConfig): Promise<void> {
  await runChange(ctx, async ({ trx, audit, announce }) => {
    const existing = await findSsoProviderOfAccount(trx, ctx.account.id);
    // Nothing to remove is no error: the account is as asked.
    if (!existing || !(await deleteSsoProviderOfAccount(trx, ctx.account.id))) return;
    audit({ action: 'delete', entity: 'sso_provider', entityId: existing.id, before: auditView(existing) });
    const isPasswordOff = !(await isPasswordSignInAllowed(trx, ctx.account.id));
    if (isPasswordOff && operatorOf(sso, ctx.account.id) === null) {
      await setPasswordSignInAllowed(trx, ctx.account.id, true);
      const entry = { before: { allowPasswordSignIn: false }, after: { allowPasswordSignIn: true } };
      audit({ action: 'update', entity: 'account_security', entityId: ctx.account.id, ...entry });
    }
    announce({ kind: 'account', id: ctx.account.id });
  });
}

/**
 * Allows or refuses password sign-in for the account's members who are not owners (owners keep it, so
 * they cannot lock themselves out). Refusing needs a provider serving the account: the account's own
 * or the operator's (409 `sso_first`).
 */
export async function setPasswordSignIn(
  ctx: UserChangeContext,
  input: PasswordSignInInput,
  sso: SsoConfig,
): Promise<void> {
  await runChange(ctx, async ({ trx, audit, announce }) => {
    const hasProvider =
      operatorOf(sso, ctx.account.id) !== null ||
      (await findSsoProviderOfAccount(trx, ctx.account.id)) !== undefined;
    if (!input.allowPasswordSignIn && !hasProvider) throw new DomainError('sso_first', messages.ssoFirst);
    const before = await isPasswordSignInAllowed(trx, ctx.account.id);
    if (before === input.allowPasswordSignIn) return;
    await setPasswordSignInAllowed(trx, ctx.account.id, input.allowPasswordSignIn);
    audit({
      action: 'update',
      entity: 'account_security',
      entityId: ctx.account.id,
      before: { allowPasswordSignIn: before },
      after: { allowPasswordSignIn: input.allowPasswordSignIn },
    });
    announce({ kind: 'account', id: ctx.account.id });
  });
}
