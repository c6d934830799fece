import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { AuthenticationOptions } from '@ipam/core/api/passkey';
import { messages } from '@ipam/core/messages';
import type { PasskeyLoginInput, PasskeyLoginOptionsInput } from '@ipam/core/schemas/passkey-schemas';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { findUserById } from '../users/user-repository.js';
import { recordUserAudit } from './factor-audit.js';
import {
  claimPasskeyCounter,
  findPasskeyByCredentialId,
  listCredentialsOfUser,
  type StoredPasskey,
} from './passkey-repository.js';
import { userHandleOf } from './passkey-settings.js';
import { countPendingLoginFailure, endPendingLogin, pendingLoginOf } from './pending-logins.js';
import type { PendingLogin } from './pending-login-repository.js';
import type { RelyingParty } from './relying-party.js';
import { issueChallenge, takeAnsweredChallenge } from './webauthn-challenges.js';

/**
 * A sign-in challenge. With a pending token (the password was right): for that user's passkeys, user
 * verification preferred (a PIN-less security key is the second factor). Without: for any passkey of
 * this site on the device (discoverable), user verification required, since the passkey is then the
 * only proof: something held and something known or been (PIN, fingerprint).
 */
export async function passkeyLoginOptions(
  db: Db,
  rp: RelyingParty,
  input: PasskeyLoginOptionsInput,
  nowMs: number,
): Promise<AuthenticationOptions> {
  if (!input?.pendingToken) {
    return generateAuthenticationOptions({
      rpID: rp.id,
      challenge: await issueChallenge(db, 'sign_in', null, nowMs),
      userVerification: 'required',
    });
  }
  const pending = await pendingLoginOf(db, input.pendingToken, nowMs);
  const credentials = await listCredentialsOfUser(db, pending.userId);
  if (credentials.length === 0) throw new DomainError('passkey_none', messages.passkeyNone);
  return generateAuthenticationOptions({
    rpID: rp.id,
    challenge: await issueChallenge(db, 'second_factor', pending.userId, nowMs),
    allowCredentials: credentials.map((c) => ({ id: c.credentialId, transports: c.transports })),
    userVerification: 'preferred',
  });
}

/** Whose sign-in a passkey answer is, for the attempt limits: the pending sign-in's user, or the passkey's owner. */
export async function passkeyLoginUserId(
  db: Db,
  input: PasskeyLoginInput,
  nowMs: number,
): Promise<string | null> {
  if (input.pendingToken) return (await pendingLoginOf(db, input.pendingToken, nowMs)).userId;
  return (await findPasskeyByCredentialId(db, input.credential.id))?.userId ?? null;
}

/** The user, and the pending sign-in when the passkey is the second factor. */
async function signInTarget(db: Db, input: PasskeyLoginInput, nowMs: number) {
  if (!input.pendingToken) return { pending: null, user: null };
  const pending = await pendingLoginOf(db, input.pendingToken, nowMs);
  const user = await findUserById(db, pending.userId);
  if (!user) throw new DomainError('login_expired', messages.loginExpired);
  return { pending: { token: input.pendingToken, ...pending }, user };
}

/** Whether the library accepts the signed challenge for this passkey; answers the new counter. */
async function verifiedCounter(
  rp: RelyingParty,
  input: PasskeyLoginInput,
  passkey: StoredPasskey,
  challenge: string,
  isAlone: boolean,
): Promise<number | null> {
  const result = await verifyAuthenticationResponse({
    response: input.credential,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: isAlone,
  }).catch(() => null);
  return result?.verified ? result.authenticationInfo.newCounter : null;
}

/**
 * Signs in with a passkey: after the password (the pending token's user, whose passkey it must be) or
 * alone (the passkey names the user; its user handle must match). The challenge is taken once; the
 * signature, origin, RP ID, user verification and counter are checked, and the counter must go up
 * (a lower one is a cloned authenticator). History records it either way; a refused answer counts
 * against the pending sign-in and is `passkey_invalid`.
 */
export async function signInWithPasskey(
  db: Db,
  rp: RelyingParty,
  input: PasskeyLoginInput,
  client: { ipAddress: string; nowMs: number },
): Promise<{ id: string; email: string }> {
  const target = await signInTarget(db, input, client.nowMs);
  const isAlone = target.user === null;
  const challenge = await takeAnsweredChallenge(
    db,
    input.credential.response.clientDataJSON,
    { purpose: isAlone ? 'sign_in' : 'second_factor', userId: target.user?.id ?? null },
    client.nowMs,
  );
  const found = await findPasskeyByCredentialId(db, input.credential.id);
  const user = target.user ?? (found && (await findUserById(db, found.userId)));
  if (!user) throw new DomainError('passkey_invalid', messages.passkeyInvalid);
  const passkey = found?.userId === user.id ? found : undefined;
  const fields = {
    method: 'passkey',
    passkey: passkey?.name,
    afterPassword: !isAlone,
    ipAddress: client.ipAddress,
  };
  const refuse = async (pending: (PendingLogin & { token: string }) | null): Promise<never> => {
    if (pending) await countPendingLoginFailure(db, pending.token, pending);
    await recordUserAudit(db, { entity: 'sign_in_passkey_failed', action: 'create', user, fields });
    throw new DomainError('passkey_invalid', messages.passkeyInvalid);
  };
  const handle = Buffer.from(userHandleOf(user.id)).toString('base64url');
  if (!passkey || (isAlone && input.credential.response.userHandle !== handle)) return refuse(target.pending);
  const counter = await verifiedCounter(rp, input, passkey, challenge, isAlone);
  if (counter === null || !(await claimPasskeyCounter(db, passkey.id, counter, nowIso()))) {
    return refuse(target.pending);
  }
  if (target.pending) await endPendingLogin(db, target.pending.token);
  await recordUserAudit(db, { entity: 'sign_in_passkey', action: 'create', user, fields });
  return { id: user.id, email: user.email };
}
