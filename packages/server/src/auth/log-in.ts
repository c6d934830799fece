import { messages } from '@ipam/core/messages';
import type { LoginInput } from '@ipam/core/schemas/auth-schemas';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { acceptPendingInvites, accountToOpen, type AcceptedInvite } from '../invites/accept-invites.js';
import { findUserWithHashByEmail, setCurrentAccountId, setLastLogin } from '../users/user-repository.js';
import { recordUserAudit } from '../two-factor/factor-audit.js';
import { verifyPassword } from './password.js';

/**
 * Checks e-mail and password; every failure is the same "Login failed." so nobody learns whether an
 * e-mail is registered. A wrong password of a known user goes into the History of their accounts with
 * the client address (an unknown e-mail has no account to record it in).
 */
export async function checkPassword(
  db: Db,
  input: LoginInput,
  ipAddress: string,
): Promise<{ id: string; email: string }> {
  const email = input.email.trim().toLowerCase();
  const user = await findUserWithHashByEmail(db, email);
  const isValid = await verifyPassword(user?.passwordHash, input.password);
  if (user && !isValid) {
    const fields = { method: 'password', ipAddress };
    await recordUserAudit(db, { entity: 'sign_in_failed', action: 'create', user, fields });
  }
  if (!user || !isValid) throw new DomainError('login_failed', messages.loginFailed);
  return { id: user.id, email: user.email };
}

/** Records a completed password sign-in (no second factor asked) in the History of the user's accounts. */
export async function recordPasswordSignIn(
  db: Db,
  user: { id: string; email: string },
  ipAddress: string,
): Promise<void> {
  const fields = { method: 'password', ipAddress };
  await recordUserAudit(db, { entity: 'sign_in', action: 'create', user, fields });
}

/**
 * Completes a sign-in whose credentials were checked: records lastLogin and accepts pending invites;
 * through an invite link, the inviting account becomes the current one (`openedAccountId`).
 */
export async function completeLogIn(
  db: Db,
  user: { id: string; email: string },
  inviteToken: string | undefined,
): Promise<{ userId: string; accepted: AcceptedInvite[]; openedAccountId: string | undefined }> {
  return db.transaction().execute(async (trx) => {
    await setLastLogin(trx, user.id, nowIso());
    const accepted = await acceptPendingInvites(trx, { id: user.id, email: user.email }, inviteToken);
    const openedAccountId = accountToOpen(accepted, false);
    if (openedAccountId) await setCurrentAccountId(trx, user.id, openedAccountId);
    return { userId: user.id, accepted, openedAccountId };
  });
}

/** Checks e-mail and password and completes the sign-in (a user without a second factor). */
export async function logIn(
  db: Db,
  input: LoginInput,
  ipAddress: string,
): Promise<{ userId: string; accepted: AcceptedInvite[]; openedAccountId: string | undefined }> {
  return completeLogIn(db, await checkPassword(db, input, ipAddress), input.inviteToken);
}
