import { messages } from '@ipam/core/messages';
import type { TwoFactorSetup } from '@ipam/core/api/two-factor';
import { deleteSessionsOfUser } from '../auth/session-repository.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { findUserWithHashById } from '../users/user-repository.js';
import { checkFactorChangeProof } from './code-check.js';
import { recordUserAudit } from './factor-audit.js';
import { deletePendingLoginsOfUser } from './pending-login-repository.js';
import type { SecretBox } from './secret-box.js';
import {
  confirmTotp,
  deleteFactorsOfUser,
  findTotp,
  hasConfirmedTotp,
  putUnconfirmedTotp,
  replaceRecoveryCodes,
} from './totp-repository.js';
import {
  newRecoveryCodes,
  newTotpSecret,
  qrDataUrl,
  recoveryCodeHash,
  totpUri,
  verifiedTimeStep,
} from './totp.js';

/** The signed-in user changing their own factor from one of their sessions. */
export interface FactorCaller {
  userId: string;
  /** The session that stays; every other session of the user ends. */
  sessionId: string;
}

async function userOf(db: Db, userId: string) {
  const user = await findUserWithHashById(db, userId);
  if (!user) throw new DomainError('not_signed_in', messages.notAuthenticated);
  return user;
}

/** Starts (or restarts) setting up TOTP: a new secret, sealed and stored unconfirmed, and its QR code. */
export async function startTotpSetup(db: Db, secrets: SecretBox, userId: string): Promise<TwoFactorSetup> {
  const user = await userOf(db, userId);
  if (await hasConfirmedTotp(db, userId)) throw new DomainError('second_factor_on', messages.secondFactorOn);
  const secret = newTotpSecret();
  await putUnconfirmedTotp(db, userId, secrets.seal(secret), nowIso());
  const otpauthUri = totpUri(secret, user.email);
  return { secret, otpauthUri, qrDataUrl: await qrDataUrl(otpauthUri) };
}

/**
 * Turns TOTP on once the user typed a current code of the new secret: ten recovery codes are made
 * (their hashes stored; the codes answered this once), the user's other sessions and pending
 * sign-ins end, and History records it. A wrong code throws `code_invalid`.
 */
export async function confirmTotpSetup(
  db: Db,
  secrets: SecretBox,
  caller: FactorCaller,
  code: string,
  nowMs: number,
): Promise<string[]> {
  const user = await userOf(db, caller.userId);
  const totp = await findTotp(db, user.id);
  if (!totp) throw new DomainError('second_factor_off', messages.secondFactorSetupMissing);
  if (totp.confirmedAt) throw new DomainError('second_factor_on', messages.secondFactorOn);
  const step = await verifiedTimeStep(secrets.open(totp.secretSealed), code, nowMs, null);
  if (step === null)
    throw new DomainError('code_invalid', messages.codeInvalid, { code: messages.codeInvalid });
  const codes = newRecoveryCodes();
  await db.transaction().execute(async (trx) => {
    if (!(await confirmTotp(trx, user.id, step, nowIso()))) {
      throw new DomainError('second_factor_on', messages.secondFactorOn);
    }
    await replaceRecoveryCodes(trx, user.id, codes.map(recoveryCodeHash));
    const endedSessions = await deleteSessionsOfUser(trx, user.id, caller.sessionId);
    await deletePendingLoginsOfUser(trx, user.id, nowIso());
    await recordUserAudit(trx, {
      entity: 'two_factor',
      action: 'create',
      user,
      fields: { method: 'totp', recoveryCodes: codes.length, endedSessions },
    });
  });
  return codes;
}

/**
 * Turns TOTP off after proof: the password, or a current code (or an unused recovery code). The
 * user's other sessions and pending sign-ins end. Throws `wrong_password` / `code_invalid` on a bad proof.
 */
export async function turnOffTotp(
  db: Db,
  secrets: SecretBox,
  caller: FactorCaller,
  proof: { password?: string | undefined; code?: string | undefined },
  nowMs: number,
): Promise<void> {
  const user = await userOf(db, caller.userId);
  if (!(await hasConfirmedTotp(db, user.id)))
    throw new DomainError('second_factor_off', messages.secondFactorOff);
  await checkFactorChangeProof(db, secrets, user, proof, nowMs);
  await db.transaction().execute(async (trx) => {
    await deleteFactorsOfUser(trx, user.id);
    const endedSessions = await deleteSessionsOfUser(trx, user.id, caller.sessionId);
    await deletePendingLoginsOfUser(trx, user.id, nowIso());
    await recordUserAudit(trx, {
      entity: 'two_factor',
      action: 'delete',
      user,
      fields: { method: 'totp', endedSessions },
    });
  });
}
