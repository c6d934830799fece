import { resetFactors } from '../two-factor/factor-reset.js';
import type { Db } from '../db/database.js';
import { findUserWithHashByEmail } from '../users/user-repository.js';
import type { Write } from './cli-database.js';

/** Usage line of `ipam admin reset-2fa`. */
export const resetTwoFactorUsage =
  '  ipam admin reset-2fa <email>   (removes the second factors and passkeys, ends every session)';

/**
 * `ipam admin reset-2fa <email>`: for a user who lost their authenticator and recovery codes. Removes
 * their factor and recovery codes, ends their sessions and pending sign-ins, and records it in the
 * History of their accounts; their next sign-in is with the password alone.
 */
export async function resetTwoFactor(
  db: Db,
  args: readonly string[],
  out: Write,
  err: Write,
): Promise<number> {
  const [email] = args;
  if (!email) {
    err(`ipam admin reset-2fa: expected the user's e-mail address\nusage:\n${resetTwoFactorUsage}\n`);
    return 2;
  }
  const normal = email.trim().toLowerCase();
  const user = await findUserWithHashByEmail(db, normal);
  if (!user) {
    err(`ipam admin reset-2fa: no user with e-mail '${email}'\n`);
    return 1;
  }
  const { hadFactor, endedSessions } = await resetFactors(db, user);
  const what = hadFactor ? 'Two-factor sign-in removed' : 'No second factor was set up';
  out(`${what} for ${normal}; ${endedSessions} session(s) ended.\n`);
  return 0;
}
