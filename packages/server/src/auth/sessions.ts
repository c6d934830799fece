import { createHash, randomBytes } from 'node:crypto';
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
export async function startSession(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await insertSession(db, {
    id: sessionIdOf(token),
    userId,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + sessionIdleMs).toISOString(),
  });
  return token;
}

/** The user of a live session token, sliding its idle expiry forward; null when none. */
export async function resolveSession(
  db: Db,
  token: string,
): Promise<{ userId: string; sessionId: string } | null> {
  const sessionId = sessionIdOf(token);
  const session = await findLiveSession(db, sessionId, nowIso());
  if (!session) return null;
  const now = Date.now();
  if (Date.parse(session.expiresAt) - now < sessionIdleMs - extendAfterMs) {
    await extendSession(db, sessionId, new Date(now + sessionIdleMs).toISOString());
  }
  return { userId: session.userId, sessionId };
}

/** Ends the session of this token (server side). */
export async function endSession(db: Db, token: string): Promise<void> {
  await deleteSession(db, sessionIdOf(token));
}
