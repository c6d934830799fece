import { messages } from '@ipam/core/messages';
import { isWeakPassword } from '@ipam/core/schemas/auth-schemas';
import type { ChangePasswordInput } from '@ipam/core/schemas/password-schemas';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { revokeTokensOfUser } from '../tokens/token-repository.js';
import { findUserWithHashById, setPasswordHash } from '../users/user-repository.js';
import { hashPassword, verifyPassword } from './password.js';
import { deleteSessionsOfUser } from './session-repository.js';

/** The sign-up strength rule for a new password of the user with this e-mail, as a field error. */
export function assertStrongPassword(password: string, email: string, field: string): void {
  if (isWeakPassword(password, email)) {
    throw new DomainError('validation_failed', messages.weakPassword, { [field]: messages.weakPassword });
  }
}

/**
 * Changes the signed-in user's password after checking the current one, and ends every other session
 * of theirs in the same transaction (a thief holding another session is logged out), and revokes the
 * API tokens they made unless asked to keep them (a token a thief made goes too, issue 36). The
 * calling session stays. Throws `wrong_password` when the current password does not match.
 */
export async function changePassword(
  db: Db,
  caller: { userId: string; sessionId: string },
  input: ChangePasswordInput,
): Promise<{ endedSessions: number; revokedTokens: number }> {
  const user = await findUserWithHashById(db, caller.userId);
  if (!user) throw new DomainError('not_signed_in', messages.notAuthenticated);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new DomainError('wrong_password', messages.currentPasswordWrong, {
      currentPassword: messages.currentPasswordWrong,
    });
  }
  assertStrongPassword(input.newPassword, user.email, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, user.id, passwordHash);
    const endedSessions = await deleteSessionsOfUser(trx, user.id, caller.sessionId);
    const revokedTokens = input.keepApiTokens ? 0 : await revokeTokensOfUser(trx, user.id, nowIso());
    return { endedSessions, revokedTokens };
  });
}
