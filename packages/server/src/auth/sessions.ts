import { createHash, randomBytes } from 'node:crypto';
import { findAccountOfSession, type AccountRecord } from '../accounts/account-repository.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { deleteSession, extendSession, findLiveSession, insertSession } from './session-repository.js';

/** A session ends after this long without use. */
export const sessionIdleMs = 30 * 24 * 60 * 60 * 1000;
// Extending on every request would write on every read; once an hour is precise enough.
const extendAfterMs = 60 * 60 * 1000;

/** The stored id of a session token: its SHA-256, so a leaked table holds no usable tokens. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session for the user; returns the token for the cookie (never stored). */
export async function startSession(db: Db, userId: string, userAgent?: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await insertSession(db, {
    id: sessionIdOf(token),
    userId,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + sessionIdleMs).toISOString(),
    userAgent: userAgent ? userAgent.slice(0, 300) : null,
  });
  return token;
}

/** Moves the idle expiry forward when the last move is an hour old (a write per hour, not per request). */
async function slideExpiry(db: Db, sessionId: string, expiresAt: string): Promise<void> {
  const now = Date.now();
  if (Date.parse(expiresAt) - now < sessionIdleMs - extendAfterMs) {
    await extendSession(db, sessionId, new Date(now + sessionIdleMs).toISOString());
  }
}

/** The user of a live session token, sliding its idle expiry forward; null when none. */
export async function resolveSession(
  db: Db,
  token: string,
): Promise<{ userId: string; sessionId: string } | null> {
  const sessionId = sessionIdOf(token);
  const session = await findLiveSession(db, sessionId, nowIso());
  if (!session) return null;
  await slideExpiry(db, sessionId, session.expiresAt);
  return { userId: session.userId, sessionId };
}

/**
 * The user of a live session token and the account, read fresh, with their role in it, when the user
 * belongs to it (else `account` and `role` null); null when the session is unknown or expired. A member's request costs one query:
 * the session is looked up alone only when the joined look-up finds nothing, to tell an unknown
 * session (401) from one whose user is not a member (404).
 */
export async function resolveSessionInAccount(
  db: Db,
  token: string,
  accountId: string,
): Promise<{ userId: string; sessionId: string; account: AccountRecord | null; role: string | null } | null> {
  const sessionId = sessionIdOf(token);
  const found = await findAccountOfSession(db, sessionId, accountId, nowIso());
  if (found) {
    await slideExpiry(db, sessionId, found.expiresAt);
    return { userId: found.userId, sessionId, account: found.account, role: found.role };
  }
  const session = await resolveSession(db, token);
  return session && { ...session, account: null, role: null };
}

/** Ends the session of this token (server side). */
export async function endSession(db: Db, token: string): Promise<void> {
  await deleteSession(db, sessionIdOf(token));
}
