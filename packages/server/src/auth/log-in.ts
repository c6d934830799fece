import { messages } from '@ipam/core/messages';
import type { LoginInput } from '@ipam/core/schemas/auth-schemas';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { acceptPendingInvites, type AcceptedInvite } from '../invites/accept-invites.js';
import { findUserWithHashByEmail, setLastLogin } from '../users/user-repository.js';
import { verifyPassword } from './password.js';

/**
 * Checks e-mail and password; on success records lastLogin and accepts pending invites. Every
 * failure is the same "Login failed." so nobody learns whether an e-mail is registered.
 */
export async function logIn(
  db: Db,
  input: LoginInput,
): Promise<{ userId: string; accepted: AcceptedInvite[] }> {
  const email = input.email.trim().toLowerCase();
  const user = await findUserWithHashByEmail(db, email);
  const isValid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !isValid) throw new DomainError('login_failed', messages.loginFailed);
  const accepted = await db.transaction().execute(async (trx) => {
    await setLastLogin(trx, user.id, nowIso());
    return acceptPendingInvites(trx, { id: user.id, email: user.email }, input.inviteToken);
  });
  return { userId: user.id, accepted };
}
