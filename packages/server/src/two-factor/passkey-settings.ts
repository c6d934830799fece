import { randomUUID } from 'node:crypto';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { RegistrationOptions } from '@ipam/core/api/passkey';
import { messages } from '@ipam/core/messages';
import type { AddPasskeyInput, RemovePasskeyInput } from '@ipam/core/schemas/passkey-schemas';
import { deleteSessionsOfUser } from '../auth/session-repository.js';
import type { Db } from '../db/database.js';
import { isUniqueViolation, nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { findUserWithHashById } from '../users/user-repository.js';
import { checkFactorChangeProof } from './code-check.js';
import { recordUserAudit } from './factor-audit.js';
import {
  deletePasskey,
  findPasskeyOfUser,
  insertPasskey,
  listCredentialsOfUser,
  renamePasskey as renameStoredPasskey,
  type PasskeyRow,
} from './passkey-repository.js';
import { deletePendingLoginsOfUser } from './pending-login-repository.js';
import type { RelyingParty } from './relying-party.js';
import type { SecretBox } from './secret-box.js';
import type { FactorCaller } from './totp-settings.js';
import { issueChallenge, takeAnsweredChallenge } from './webauthn-challenges.js';

/** The user handle an authenticator keeps with a passkey: the user's id, so a passwordless sign-in names them. */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId, 'utf8'));
}

async function userOf(db: Db, userId: string) {
  const user = await findUserWithHashById(db, userId);
  if (!user) throw new DomainError('not_signed_in', messages.notAuthenticated);
  return user;
}

/**
 * The options for making a new passkey: a stored single-use challenge, the user (named by e-mail), their
 * passkeys (an authenticator holding one makes no second), a discoverable credential preferred (it can
 * then sign in alone) and no attestation (which authenticator it is stays private).
 */
export async function passkeyRegistrationOptions(
  db: Db,
  rp: RelyingParty,
  userId: string,
  nowMs: number,
): Promise<RegistrationOptions> {
  const user = await userOf(db, userId);
  const existing = await listCredentialsOfUser(db, user.id);
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.displayName ?? user.email,
    userID: userHandleOf(user.id),
    challenge: await issueChallenge(db, 'register', user.id, nowMs),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/**
 * Adds the passkey the browser made for the user's challenge (taken once): checked by the library for
 * this site's origin and RP ID, stored with its name, and, like every factor change, the user's other
 * sessions and pending sign-ins end and History records it. A bad answer is `passkey_invalid`.
 */
export async function addPasskey(
  db: Db,
  rp: RelyingParty,
  caller: FactorCaller,
  input: AddPasskeyInput,
  nowMs: number,
): Promise<PasskeyRow> {
  const user = await userOf(db, caller.userId);
  const { credential } = input;
  const challenge = await takeAnsweredChallenge(
    db,
    credential.response.clientDataJSON,
    { purpose: 'register', userId: user.id },
    nowMs,
  );
  const verified = await verifyRegistrationResponse({
    response: credential,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    // A security key without a PIN still makes a second factor; signing in alone asks for verification.
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) throw new DomainError('passkey_invalid', messages.passkeyInvalid);
  const made = verified.registrationInfo.credential;
  const row: PasskeyRow = { id: randomUUID(), name: input.name, createdAt: nowIso(), lastUsedAt: null };
  await db.transaction().execute(async (trx) => {
    await insertPasskey(trx, {
      id: row.id,
      userId: user.id,
      credentialId: made.id,
      publicKey: Buffer.from(made.publicKey).toString('base64url'),
      counter: made.counter,
      transports: made.transports ?? credential.response.transports ?? [],
      name: row.name,
      createdAt: row.createdAt,
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new DomainError('passkey_exists', messages.passkeyExists);
      throw error;
    });
    const endedSessions = await deleteSessionsOfUser(trx, user.id, caller.sessionId);
    await deletePendingLoginsOfUser(trx, user.id, nowIso());
    await recordUserAudit(trx, {
      entity: 'passkey',
      action: 'create',
      user,
      fields: { method: 'passkey', passkey: row.name, endedSessions },
    });
  });
  return row;
}

/** Renames one of the user's passkeys (History records old and new name); another's is 404. */
export async function renamePasskey(
  db: Db,
  userId: string,
  passkeyId: string,
  name: string,
): Promise<PasskeyRow> {
  const user = await userOf(db, userId);
  const passkey = await findPasskeyOfUser(db, user.id, passkeyId);
  if (!passkey) throw new DomainError('not_found', messages.notFound);
  if (passkey.name === name) return passkey;
  await db.transaction().execute(async (trx) => {
    if (!(await renameStoredPasskey(trx, user.id, passkeyId, name))) {
      throw new DomainError('not_found', messages.notFound);
    }
    await recordUserAudit(trx, {
      entity: 'passkey',
      action: 'update',
      user,
      before: { method: 'passkey', passkey: passkey.name },
      fields: { method: 'passkey', passkey: name },
    });
  });
  return { ...passkey, name };
}

/**
 * Removes one of the user's passkeys after proof (the password, or a current code), like turning TOTP
 * off: the other sessions and pending sign-ins end and History records it. Another's passkey is 404.
 */
export async function removePasskey(
  db: Db,
  secrets: SecretBox,
  caller: FactorCaller,
  passkeyId: string,
  proof: RemovePasskeyInput,
  nowMs: number,
): Promise<void> {
  const user = await userOf(db, caller.userId);
  const passkey = await findPasskeyOfUser(db, user.id, passkeyId);
  if (!passkey) throw new DomainError('not_found', messages.notFound);
  await checkFactorChangeProof(db, secrets, user, proof, nowMs);
  await db.transaction().execute(async (trx) => {
    if (!(await deletePasskey(trx, user.id, passkeyId)))
      throw new DomainError('not_found', messages.notFound);
    const endedSessions = await deleteSessionsOfUser(trx, user.id, caller.sessionId);
    await deletePendingLoginsOfUser(trx, user.id, nowIso());
    await recordUserAudit(trx, {
      entity: 'passkey',
      action: 'delete',
      user,
      fields: { method: 'passkey', passkey: passkey.name, endedSessions },
    });
  });
}
