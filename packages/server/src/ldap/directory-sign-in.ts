import { messages } from '@ipam/core/messages';
import type { DirectoryLoginInput } from '@ipam/core/schemas/auth-schemas';
import type { LdapConfig } from '../config/ldap-env.js';
import { DomainError } from '../errors/domain-error.js';
import { findIdentity } from '../external-identity/external-identity-repository.js';
import {
  recordExternalSignInFailure,
  signInWithExternalIdentity,
  type ExternalProvider,
  type ExternalSignIn,
  type ExternalSignInContext,
} from '../external-identity/sign-in-external.js';
import { findUserById } from '../users/user-repository.js';
import {
  authenticateWithDirectory,
  DirectoryUnavailableError,
  type DirectoryRefusal,
  type RefusedEntry,
} from './ldap-directory.js';
import { configuredGroupsOf } from './ldap-groups.js';

/** The operator's directory as a provider of identities (one per server: `ldap:operator`). */
export function ldapProvider(config: LdapConfig): ExternalProvider {
  return {
    key: 'ldap:operator',
    method: 'ldap',
    displayName: config.label,
    accountId: config.accountId,
    mapping: { rules: config.groupRoles, defaultRole: config.defaultRole },
    // The operator chose this directory: its mail attribute is trusted (docs/ldap.md says to keep it
    // out of its users' hands), so a directory user takes over the local user with that e-mail.
    isTrustedForEmail: true,
  };
}

/** What the log and History say about a refusal (the person only ever sees "Login failed."). */
const refusalReasons: Readonly<Record<DirectoryRefusal, string>> = {
  empty_password: 'empty password',
  no_such_user: 'no such directory user',
  ambiguous_user: 'the user filter matched several entries',
  wrong_password: 'wrong password',
  incomplete_entry: 'the directory entry lacks its e-mail address or id attribute',
};

/**
 * Records a refused directory user in the provider's account's History: their local user when their
 * entry is linked to one, else the e-mail the directory holds.
 */
async function recordRefusal(
  ctx: ExternalSignInContext,
  provider: ExternalProvider,
  reason: DirectoryRefusal,
  entry: RefusedEntry,
): Promise<void> {
  const link = entry.subject === null ? undefined : await findIdentity(ctx.db, provider.key, entry.subject);
  const user = link ? await findUserById(ctx.db, link.userId) : undefined;
  await recordExternalSignInFailure(ctx.db, provider, {
    reason: refusalReasons[reason],
    ipAddress: ctx.ipAddress,
    email: user?.email ?? entry.email,
    userId: user?.id ?? null,
  });
}

/**
 * Signs a person in with their directory user name and password: the directory checks them
 * (search-then-bind), then the shared external-identity sign-in finds or makes the local user and
 * applies the group → role mapping. Every failure of the name or password is `login_failed` (the
 * caller counts it against the rate limits); a directory that cannot be asked is `sso_unavailable`.
 */
export async function signInWithDirectory(
  ctx: ExternalSignInContext,
  config: LdapConfig,
  input: Pick<DirectoryLoginInput, 'username' | 'password'>,
): Promise<ExternalSignIn> {
  const outcome = await authenticateWithDirectory(config, input.username, input.password).catch(
    (error: unknown) => {
      if (!(error instanceof DirectoryUnavailableError)) throw error;
      ctx.log?.warn({ reason: error.message }, 'LDAP sign-in: the directory could not be asked');
      throw new DomainError('sso_unavailable', messages.ssoUnavailable(config.label));
    },
  );
  const provider = ldapProvider(config);
  if (!outcome.ok) {
    // A real directory user (found, then refused) goes into History; a name nobody has does not.
    if (outcome.entry) await recordRefusal(ctx, provider, outcome.reason, outcome.entry);
    throw new DomainError('login_failed', messages.loginFailed);
  }
  const { user } = outcome;
  return signInWithExternalIdentity(ctx, provider, {
    subject: user.subject,
    email: user.email,
    isEmailVerified: true,
    name: user.name === '' ? null : user.name,
    groups: configuredGroupsOf(user.groupDns, config.groupRoles),
  });
}
