import { accountLabel } from '@ipam/core/api/account';
import { messages } from '@ipam/core/messages';
import type { SsoConfig } from '../config/sso-env.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { recordUserAudit } from '../two-factor/factor-audit.js';
import { OPERATOR_SLUG } from './oidc-providers.js';
import { findSsoProviderOfAccount, listPasswordOffAccountsOfMember } from './sso-provider-repository.js';

/**
 * Refuses a right password of a member (not an owner) of an account whose owner turned password
 * sign-in off: 403 naming the account and its provider's button, recorded in History. Called only
 * after the password was checked, so strangers learn nothing of anyone's accounts. API tokens are
 * not sign-ins and keep working; owners keep their password so they cannot lock themselves out.
 */
export async function refusePasswordWhereOff(
  db: Db,
  sso: SsoConfig,
  user: { id: string; email: string },
  ipAddress: string,
): Promise<void> {
  const [account] = await listPasswordOffAccountsOfMember(db, user.id);
  if (!account) return;
  const own = await findSsoProviderOfAccount(db, account.id);
  const provider = own
    ? { name: own.displayName, loginPath: loginPathOf(own.slug) }
    : { name: sso.operator?.displayName ?? 'single sign-on', loginPath: '/login' };
  await recordUserAudit(db, {
    entity: 'sign_in_refused',
    action: 'create',
    user,
    fields: { method: 'password', ipAddress },
  });
  const message = messages.passwordSignInOff(accountLabel(account), provider.name, provider.loginPath);
  throw new DomainError('password_sign_in_off', message);
}

/** The login path of a provider's button: the operator's is on every login page. */
export function loginPathOf(slug: string): string {
  return slug === OPERATOR_SLUG ? '/login' : `/login?sso=${encodeURIComponent(slug)}`;
}
