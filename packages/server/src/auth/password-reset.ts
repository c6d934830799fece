import { createHash, randomBytes } from 'node:crypto';
import { messages } from '@ipam/core/messages';
import type { PasswordResetConfirmInput } from '@ipam/core/schemas/password-schemas';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { revokeTokensOfUser } from '../tokens/token-repository.js';
import { findUserById, findUserWithHashByEmail, setPasswordHash } from '../users/user-repository.js';
import { assertStrongPassword } from './change-password.js';
import { deleteAccountProviderLinks } from '../external-identity/external-identity-repository.js';
import { hashPassword } from './password.js';
import {
  deletePasswordResetsOfUser,
  insertPasswordReset,
  takePasswordReset,
} from './password-reset-repository.js';
import { deleteSessionsOfUser } from './session-repository.js';

/** How long a reset link works. */
export const resetLinkTtlMs = 60 * 60 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The page of the web app that takes a reset token. */
export function resetUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/** Issues a single-use reset token for the user (32 random bytes; only its SHA-256 is stored). */
export async function issueResetToken(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await insertPasswordReset(db, {
    id: hashOf(token),
    userId,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + resetLinkTtlMs).toISOString(),
  });
  return token;
}

/** The reset link for the user with this e-mail, or null when there is none (the admin command). */
export async function resetLinkForEmail(db: Db, email: string, baseUrl: string): Promise<string | null> {
  const user = await findUserWithHashByEmail(db, email.trim().toLowerCase());
  return user ? resetUrl(baseUrl, await issueResetToken(db, user.id)) : null;
}

/** Mails a reset link when the address belongs to a user; does nothing otherwise (the caller answers alike). */
export async function mailResetLink(
  db: Db,
  email: string,
  baseUrl: string,
  send: (to: string, url: string) => Promise<void>,
): Promise<void> {
  const user = await findUserWithHashByEmail(db, email);
  if (!user) return;
  await send(user.email, resetUrl(baseUrl, await issueResetToken(db, user.id)));
}

/**
 * Sets a new password with a reset token: the token is used up (and every other reset link of the
 * user voided), every session of the user ends, every API token they made is revoked and their links
 * to accounts' own single sign-on providers are removed (docs/single-sign-on.md), in one transaction. A used, expired or unknown token is `reset_link_invalid`; a weak password is refused
 * before the token is spent.
 */
export async function confirmPasswordReset(db: Db, input: PasswordResetConfirmInput): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    const userId = await takePasswordReset(trx, hashOf(input.token), nowIso());
    const user = userId ? await findUserById(trx, userId) : undefined;
    if (!user) throw new DomainError('reset_link_invalid', messages.resetLinkInvalid);
    assertStrongPassword(input.password, user.email, 'password');
    await setPasswordHash(trx, user.id, passwordHash);
    await deletePasswordResetsOfUser(trx, user.id);
    await deleteSessionsOfUser(trx, user.id, null);
    await revokeTokensOfUser(trx, user.id, nowIso());
    // The e-mail's owner now holds the user alone: an account's provider that made or linked it lets go.
    await deleteAccountProviderLinks(trx, user.id);
  });
}
