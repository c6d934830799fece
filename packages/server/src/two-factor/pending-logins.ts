import { createHash, randomBytes } from 'node:crypto';
import type { SecondFactorChallenge } from '@ipam/core/api/two-factor';
import { messages } from '@ipam/core/messages';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { checkSecondFactorCode, type CodeMatch } from './code-check.js';
import { recordUserAudit } from './factor-audit.js';
import {
  addPendingLoginFailure,
  deletePendingLogin,
  findPendingLogin,
  insertPendingLogin,
  type PendingLogin,
} from './pending-login-repository.js';
import type { SecretBox } from './secret-box.js';
import { secondFactorsOf } from './second-factor-repository.js';

/** How long the code prompt waits after the password was accepted. */
export const PENDING_LOGIN_MS = 5 * 60 * 1000;
/** Wrong codes one pending sign-in takes; then the password must be typed again. */
export const MAX_CODE_FAILURES = 5;

const idOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a sign-in that waits for its second factor: a random token for the client, only its hash stored. */
export async function issuePendingLogin(
  db: Db,
  userId: string,
  nowMs: number,
): Promise<{ pendingToken: string; expiresAt: string }> {
  const pendingToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(nowMs + PENDING_LOGIN_MS).toISOString();
  await insertPendingLogin(db, {
    id: idOf(pendingToken),
    userId,
    createdAt: new Date(nowMs).toISOString(),
    expiresAt,
  });
  return { pendingToken, expiresAt };
}

/**
 * The password step's answer for a user with a second factor: a pending sign-in (recorded in History)
 * instead of a session; null for a user without one (their sign-in completes at once).
 */
export async function secondFactorChallenge(
  db: Db,
  user: { id: string; email: string },
  client: { ipAddress: string; nowMs: number; method?: 'password' | 'ldap' },
): Promise<SecondFactorChallenge | null> {
  const { hasTotp, hasPasskey } = await secondFactorsOf(db, user.id);
  if (!hasTotp && !hasPasskey) return null;
  const pending = await issuePendingLogin(db, user.id, client.nowMs);
  const fields = { method: client.method ?? 'password', ipAddress: client.ipAddress };
  await recordUserAudit(db, { entity: 'sign_in_password', action: 'create', user, fields });
  const methods = [...(hasTotp ? ['totp' as const] : []), ...(hasPasskey ? ['passkey' as const] : [])];
  return { secondFactorRequired: true, ...pending, methods };
}

/** The live pending sign-in of a token; unknown, used or expired is `login_expired`. */
export async function pendingLoginOf(db: Db, pendingToken: string, nowMs: number): Promise<PendingLogin> {
  const pending = await findPendingLogin(db, idOf(pendingToken), new Date(nowMs).toISOString());
  if (!pending) throw new DomainError('login_expired', messages.loginExpired);
  return pending;
}

/** Counts a wrong second factor against a pending sign-in; the fifth ends it (the password is asked again). */
export async function countPendingLoginFailure(
  db: Db,
  pendingToken: string,
  pending: PendingLogin,
): Promise<void> {
  const id = idOf(pendingToken);
  await addPendingLoginFailure(db, id);
  if (pending.failures + 1 >= MAX_CODE_FAILURES) await deletePendingLogin(db, id);
}

/** Ends a pending sign-in whose second factor was right: of two requests only the one that deletes it goes on. */
export async function endPendingLogin(db: Db, pendingToken: string): Promise<void> {
  if (!(await deletePendingLogin(db, idOf(pendingToken)))) {
    throw new DomainError('login_expired', messages.loginExpired);
  }
}

/**
 * Answers the code of a pending sign-in. A right code ends the pending sign-in (single use: of two
 * requests only the one that deletes it goes on) and is recorded in History with the client's address; a
 * wrong one is recorded, counted (the fifth ends the pending sign-in) and thrown as `code_invalid`.
 */
export async function answerPendingLogin(
  db: Db,
  secrets: SecretBox,
  pendingToken: string,
  user: { id: string; email: string },
  pending: PendingLogin,
  code: string,
  client: { ipAddress: string; nowMs: number },
): Promise<CodeMatch> {
  const match = await checkSecondFactorCode(db, secrets, user.id, code, client.nowMs);
  const fields = { ipAddress: client.ipAddress };
  if (!match) {
    await countPendingLoginFailure(db, pendingToken, pending);
    await recordUserAudit(db, { entity: 'sign_in_code_failed', action: 'create', user, fields });
    throw new DomainError('code_invalid', messages.codeInvalid, { code: messages.codeInvalid });
  }
  await endPendingLogin(db, pendingToken);
  await recordUserAudit(
    db,
    match.method === 'totp'
      ? { entity: 'sign_in_code', action: 'create', user, fields }
      : {
          entity: 'sign_in_recovery_code',
          action: 'create',
          user,
          fields: { ...fields, recoveryCodesLeft: match.recoveryCodesLeft },
        },
  );
  return match;
}
