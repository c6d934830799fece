import type { RoleRule } from '@ipam/core/schemas/sso-schemas';
import type { Db } from '../db/database.js';

/** An account's own OpenID Connect provider as stored (the client secret sealed). */
export interface SsoProviderRecord {
  id: string;
  accountId: string;
  slug: string;
  displayName: string;
  issuerUrl: string;
  clientId: string;
  clientSecretSealed: string;
  groupsClaim: string;
  roleRules: RoleRule[];
  /** null: no access when no rule matches. */
  defaultRole: string | null;
  createdAt: string;
  updatedAt: string;
}

const columns = [
  'id',
  'account_id as accountId',
  'slug',
  'display_name as displayName',
  'issuer_url as issuerUrl',
  'client_id as clientId',
  'client_secret_sealed as clientSecretSealed',
  'groups_claim as groupsClaim',
  'role_rules_json as roleRulesJson',
  'default_role as defaultRole',
  'created_at as createdAt',
  'updated_at as updatedAt',
] as const;

function toRecord(row: Omit<SsoProviderRecord, 'roleRules'> & { roleRulesJson: string }): SsoProviderRecord {
  const { roleRulesJson, ...rest } = row;
  // Written only by this repository from parsed input.
  return { ...rest, roleRules: JSON.parse(roleRulesJson) as RoleRule[] };
}

/** The account's provider, if it has one. */
export async function findSsoProviderOfAccount(
  db: Db,
  accountId: string,
): Promise<SsoProviderRecord | undefined> {
  const row = await db
    .selectFrom('sso_providers')
    .select(columns)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** The provider with this sign-in name, if any. */
export async function findSsoProviderBySlug(db: Db, slug: string): Promise<SsoProviderRecord | undefined> {
  const row = await db
    .selectFrom('sso_providers')
    .select(columns)
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** The providers of these accounts (a user's accounts). */
export async function listSsoProvidersOfAccounts(
  db: Db,
  accountIds: readonly string[],
): Promise<SsoProviderRecord[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .selectFrom('sso_providers')
    .select(columns)
    .where('account_id', 'in', accountIds)
    .orderBy('display_name')
    .execute();
  return rows.map(toRecord);
}

/** Inserts or replaces the account's provider (one per account). */
export async function saveSsoProvider(db: Db, provider: SsoProviderRecord): Promise<void> {
  const values = {
    slug: provider.slug,
    display_name: provider.displayName,
    issuer_url: provider.issuerUrl,
    client_id: provider.clientId,
    client_secret_sealed: provider.clientSecretSealed,
    groups_claim: provider.groupsClaim,
    role_rules_json: JSON.stringify(provider.roleRules),
    default_role: provider.defaultRole,
    updated_at: provider.updatedAt,
  };
  await db
    .insertInto('sso_providers')
    .values({ ...values, id: provider.id, account_id: provider.accountId, created_at: provider.createdAt })
    .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
    .execute();
}

/** Removes the account's provider; returns whether it had one. */
export async function deleteSsoProviderOfAccount(db: Db, accountId: string): Promise<boolean> {
  const result = await db.deleteFrom('sso_providers').where('account_id', '=', accountId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether the account's members (not its owners) may sign in with a password. */
export async function isPasswordSignInAllowed(db: Db, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('accounts')
    .select('allow_password_sign_in')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row?.allow_password_sign_in !== 0;
}

/** Turns the account's password sign-in for members on or off. */
export async function setPasswordSignInAllowed(db: Db, accountId: string, isAllowed: boolean): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ allow_password_sign_in: isAllowed ? 1 : 0 })
    .where('id', '=', accountId)
    .execute();
}

/** The accounts where the user is a member but not an owner and password sign-in is off. */
export async function listPasswordOffAccountsOfMember(
  db: Db,
  userId: string,
): Promise<{ id: string; reference: string }[]> {
  return db
    .selectFrom('users_accounts')
    .innerJoin('accounts', 'accounts.id', 'users_accounts.account_id')
    .select(['accounts.id', 'accounts.reference'])
    .where('users_accounts.user_id', '=', userId)
    .where('users_accounts.role', '!=', 'owner')
    .where('accounts.allow_password_sign_in', '=', 0)
    .orderBy('accounts.reference')
    .execute();
}
