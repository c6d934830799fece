import { messages } from '@ipam/core/messages';
import { verifyPassword } from '../auth/password.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { nowIso } from '../db/db-values.js';
import type { SecretBox } from './secret-box.js';
import { claimTimeStep, countRecoveryCodesLeft, findTotp, useRecoveryCode } from './totp-repository.js';
import { looksLikeRecoveryCode, recoveryCodeHash, verifiedTimeStep } from './totp.js';

/** What a right code was: a TOTP code, or a recovery code (now used) with how many are left. */
export type CodeMatch = { method: 'totp' } | { method: 'recovery'; recoveryCodesLeft: number };

/**
 * Checks a second-factor code of a user with a confirmed factor at `nowMs`: a 6-digit code of the
 * secret not used before (its time step is claimed in one conditional update, so a replay, even
 * concurrent, fails), or an unused recovery code (marked used in one conditional update). Null when
 * it is neither.
 */
export async function checkSecondFactorCode(
  db: Db,
  secrets: SecretBox,
  userId: string,
  code: string,
  nowMs: number,
): Promise<CodeMatch | null> {
  const totp = await findTotp(db, userId);
  if (!totp?.confirmedAt) return null;
  if (looksLikeRecoveryCode(code)) {
    if (!(await useRecoveryCode(db, userId, recoveryCodeHash(code), nowIso()))) return null;
    return { method: 'recovery', recoveryCodesLeft: await countRecoveryCodesLeft(db, userId) };
  }
  const step = await verifiedTimeStep(secrets.open(totp.secretSealed), code, nowMs, totp.lastTimeStep);
  if (step === null || !(await claimTimeStep(db, userId, step))) return null;
  return { method: 'totp' };
}

/**
 * The proof a factor change asks for: the user's password, or a current code (or an unused recovery
 * code, then used). Throws `code_invalid` / `wrong_password` on a bad one.
 */
export async function checkFactorChangeProof(
  db: Db,
  secrets: SecretBox,
  user: { id: string; passwordHash: string },
  proof: { password?: string | undefined; code?: string | undefined },
  nowMs: number,
): Promise<void> {
  if (proof.code) {
    if (!(await checkSecondFactorCode(db, secrets, user.id, proof.code, nowMs))) {
      throw new DomainError('code_invalid', messages.codeInvalid, { code: messages.codeInvalid });
    }
  } else if (!(await verifyPassword(user.passwordHash, proof.password ?? ''))) {
    throw new DomainError('wrong_password', messages.currentPasswordWrong, {
      password: messages.currentPasswordWrong,
    });
  }
}
