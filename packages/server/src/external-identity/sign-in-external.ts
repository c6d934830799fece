import { randomUUID } from 'node:crypto';
import { messages } from '@ipam/core/messages';
import { findAccountById } from '../accounts/account-repository.js';
import { removeMember } from '../accounts/remove-member.js';
import { recordAudit } from '../audit/audit-repository.js';
import { NO_PASSWORD } from '../auth/password.js';
import { runChange, type Change, type ChangeContext, type ChangeLog } from '../commands/change.js';
import type { Db } from '../db/database.js';
import { isUniqueViolation, nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import type { EventPublisher } from '../events/event-publisher.js';
import { recordUserAudit } from '../two-factor/factor-audit.js';
import {
  findUserById,
  findUserWithHashByEmail,
  insertUser,
  setDisplayName,
  setLastLogin,
} from '../users/user-repository.js';
import { applyRoleMapping } from './apply-role-mapping.js';
import {
  deleteIdentityOfUser,
  findIdentity,
  insertIdentity,
  touchIdentity,
} from './external-identity-repository.js';
import type { ExternalProvider, ExternalSignIn, VerifiedIdentity } from './external-identity.js';
import { mapRole } from './role-mapping.js';

export type { ExternalProvider, ExternalSignIn, VerifiedIdentity };

/** Where a sign-in through a provider runs: the database, the live events, the client's address. */
export interface ExternalSignInContext {
  db: Db;
  events: EventPublisher;
  ipAddress: string;
  log?: ChangeLog;
  /**
   * The signed-in user who asked to link this provider to their sign-in (they started it with their
   * session, `POST /api/auth/sso/:slug/link`): the subject is linked to them, whatever its e-mail.
   */
  linkUserId?: string;
}

type LinkReason = 'email' | 'signed-in' | 'new-user';

/** Who the identity is here: the linked user, a user to link, or nobody yet (a user to create). */
interface ResolvedUser {
  user: { id: string; email: string } | null;
  link: LinkReason | null;
}

/** A refusal with its code and message; recorded in History, then thrown. */
function refusal(code: 'sso_no_role' | 'sso_email_taken' | 'sso_email_missing', provider: ExternalProvider) {
  const text = {
    sso_no_role: messages.ssoNoRole,
    sso_email_taken: messages.ssoEmailTaken,
    sso_email_missing: messages.ssoEmailMissing,
  }[code];
  return new DomainError(code, text(provider.displayName));
}

/**
 * Finds the local user of the identity: by the link of (provider, subject) first; else the signed-in
 * user who asked to link; else an existing user with the e-mail, taken over only when the provider is
 * trusted for e-mail and vouches that it is verified (else refused: they link it themselves, signed
 * in); else nobody (a new user, made only once a role maps).
 */
async function resolveUser(
  trx: Db,
  provider: ExternalProvider,
  identity: VerifiedIdentity,
  linkUserId: string | undefined,
): Promise<ResolvedUser> {
  const linked = await findIdentity(trx, provider.key, identity.subject);
  if (linked) {
    if (linkUserId !== undefined && linkUserId !== linked.userId) {
      throw new DomainError('sso_identity_taken', messages.ssoIdentityTaken(provider.displayName));
    }
    const user = await findUserById(trx, linked.userId);
    if (!user) throw new DomainError('sso_failed', messages.ssoFailed(provider.displayName));
    return { user, link: null };
  }
  if (linkUserId !== undefined) {
    const user = await findUserById(trx, linkUserId);
    if (!user) throw new DomainError('sso_failed', messages.ssoFailed(provider.displayName));
    // A new subject of the same provider (its issuer changed) replaces the old link.
    await deleteIdentityOfUser(trx, provider.key, user.id);
    return { user, link: 'signed-in' };
  }
  const email = identity.email?.trim().toLowerCase() ?? '';
  if (email === '') throw refusal('sso_email_missing', provider);
  const existing = await findUserWithHashByEmail(trx, email);
  if (!existing) return { user: null, link: 'new-user' };
  if (provider.isTrustedForEmail && identity.isEmailVerified) {
    return { user: { id: existing.id, email: existing.email }, link: 'email' };
  }
  throw refusal('sso_email_taken', provider);
}

/** Makes the user of a first sign-in: no password (they sign in through the provider), their name. */
async function createUser(trx: Db, identity: VerifiedIdentity): Promise<{ id: string; email: string }> {
  const user = { id: randomUUID(), email: (identity.email ?? '').trim().toLowerCase() };
  await insertUser(trx, { ...user, passwordHash: NO_PASSWORD, createdAt: nowIso() });
  const name = identity.name?.trim().slice(0, 100) ?? '';
  if (name !== '') await setDisplayName(trx, user.id, name);
  return user;
}

/** What History records of the attempt: method, provider, groups, address (and why, for a refusal). */
function attemptFields(provider: ExternalProvider, identity: VerifiedIdentity, ipAddress: string) {
  return {
    method: provider.method,
    provider: provider.displayName,
    groups: identity.groups.join(', '),
    ipAddress,
  };
}

/**
 * Records a refused sign-in through the provider in its account's History: the e-mail the provider
 * named (if it named one), the method, the reason and the client's address. Call it for refusals
 * before an identity was proven too (a bad state or signature), with what is known.
 */
export async function recordExternalSignInFailure(
  db: Db,
  provider: ExternalProvider,
  details: {
    reason: string;
    ipAddress: string;
    email?: string | null;
    userId?: string | null;
    groups?: readonly string[];
  },
): Promise<void> {
  await recordAudit(db, {
    accountId: provider.accountId,
    userId: details.userId ?? null,
    action: 'create',
    entity: 'sign_in_external_failed',
    entityId: details.userId ?? provider.key,
    after: {
      email: details.email ?? null,
      method: provider.method,
      provider: provider.displayName,
      groups: details.groups?.join(', ') ?? '',
      reason: details.reason,
      ipAddress: details.ipAddress,
    },
  });
}

/** One attempt of `signInWithExternalIdentity` (a race with a concurrent first sign-in retries it). */
async function attempt(
  ctx: ExternalSignInContext,
  provider: ExternalProvider,
  identity: VerifiedIdentity,
): Promise<ExternalSignIn> {
  const account = await findAccountById(ctx.db, provider.accountId);
  if (!account) throw new DomainError('sso_unavailable', messages.ssoUnavailable(provider.displayName));
  const change: ChangeContext = {
    db: ctx.db,
    account,
    userId: null,
    actor: `${provider.displayName} (group mapping)`,
    events: ctx.events,
    ...(ctx.log ? { log: ctx.log } : {}),
  };
  const mapped = mapRole(identity.groups, provider.mapping);
  const fields = attemptFields(provider, identity, ctx.ipAddress);
  let known: { id: string; email: string } | null = null;
  const refuse = async (error: DomainError): Promise<never> => {
    const email = known?.email ?? identity.email;
    await recordExternalSignInFailure(ctx.db, provider, {
      ...fields,
      reason: error.message,
      email,
      userId: known?.id ?? null,
      groups: identity.groups,
    });
    throw error;
  };
  const outcome = await runChange(change, async (work: Change) => {
    const { trx, audit } = work;
    const resolved = await resolveUser(trx, provider, identity, ctx.linkUserId);
    // Nobody is made for a sign-in that gets no role.
    if (!resolved.user && mapped === null) throw refusal('sso_no_role', provider);
    // A refusal names only a user who existed before (a user made here goes with the rollback).
    known = resolved.user;
    const user = resolved.user ?? (await createUser(trx, identity));
    const membership = await applyRoleMapping(work, account.id, user, mapped, identity.groups);
    if (membership.kind === 'no-role' || membership.kind === 'remove')
      return { user, membership, isNew: false };
    const at = nowIso();
    if (resolved.link) {
      await insertIdentity(trx, {
        providerKey: provider.key,
        subject: identity.subject,
        userId: user.id,
        at,
      });
      const after = {
        email: user.email,
        method: provider.method,
        provider: provider.displayName,
        linkedBy: resolved.link,
      };
      audit({ action: 'create', entity: 'external_identity', entityId: user.id, after });
    } else {
      await touchIdentity(trx, provider.key, identity.subject, at);
    }
    await setLastLogin(trx, user.id, at);
    return { user, membership, isNew: resolved.link === 'new-user' };
  }).catch((error: unknown) => (error instanceof DomainError ? refuse(error) : Promise.reject(error)));
  const { user, membership } = outcome;
  if (membership.kind === 'no-role' || membership.kind === 'remove') {
    // The groups map to nothing any more: the membership ends (its own change, recorded), then refused.
    if (membership.kind === 'remove') await removeMember(change, user.id, 'owner');
    return refuse(refusal('sso_no_role', provider));
  }
  await recordUserAudit(ctx.db, {
    entity: 'sign_in_external',
    action: 'create',
    user,
    fields: { ...fields, role: membership.role },
  });
  return {
    userId: user.id,
    email: user.email,
    accountId: account.id,
    role: membership.role,
    isNewUser: outcome.isNew,
  };
}

/**
 * Signs in a person a provider vouches for (the one entry point of OpenID Connect and LDAP sign-in):
 * finds or makes their local user (users appear on their first sign-in; linked by the provider's
 * subject, never by e-mail alone — see `ExternalProvider.isTrustedForEmail`), and re-applies the
 * provider's group → role mapping to their membership of the provider's account at every sign-in:
 * joins, changes the role, or — when no group maps any more — removes them and refuses. Owners keep
 * their role. History gets the sign-in (method, provider, groups, role, address) in each of the user's
 * accounts, role changes by the mapping with the provider as actor, and every refusal with its reason.
 * Throws a DomainError (sso_no_role, sso_email_taken, sso_email_missing, sso_identity_taken,
 * user_limit_reached, sso_unavailable) after recording it. Opening a session is the caller's.
 */
export async function signInWithExternalIdentity(
  ctx: ExternalSignInContext,
  provider: ExternalProvider,
  identity: VerifiedIdentity,
): Promise<ExternalSignIn> {
  try {
    return await attempt(ctx, provider, identity);
  } catch (error) {
    // Two first sign-ins of one person at once: the other made the user or the link; this one finds it.
    if (isUniqueViolation(error)) return attempt(ctx, provider, identity);
    throw error;
  }
}
