import { createHash, randomBytes } from 'node:crypto';
import { findAccountOfSession, type AccountRecord } from '../accounts/account-repository.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { deleteSession, findLiveSession, insertSession, touchSession } from './session-repository.js';

/** A session ends after this long without use. */
export const sessionIdleMs = 30 * 24 * 60 * 60 * 1000;
// Extending on every request would write on every read; once an hour is precise enough.
const extendAfterMs = 60 * 60 * 1000;
/** Last activity is written at most this often per session, so reads do not turn into writes. */
export const lastSeenEveryMs = 60 * 1000;

/** The stored id of a session token: its SHA-256, so a leaked table holds no usable tokens. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session for the user from this client; returns the token for the cookie (never stored). */
export async function startSession(
  db: Db,
  userId: string,
  client: { userAgent?: string; ipAddress?: string },
): Promise<string> {
  const { userAgent, ipAddress } = client;
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await insertSession(db, {
    id: sessionIdOf(token),
    userId,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + sessionIdleMs).toISOString(),
    userAgent: userAgent ? userAgent.slice(0, 300) : null,
    ipAddress: ipAddress ? ipAddress.slice(0, 100) : null,
  });
  return token;
}

/**
 * Records the session's last activity when the recorded one is a minute old, and moves the idle expiry
 * forward when its last move is an hour old: at most one write a minute per session, not one per request.
 */
async function noteActivity(
  db: Db,
  sessionId: string,
  session: { expiresAt: string; lastSeenAt: string | null },
): Promise<void> {
  const now = Date.now();
  const isExpiryDue = Date.parse(session.expiresAt) - now < sessionIdleMs - extendAfterMs;
  const isLastSeenDue =
    session.lastSeenAt === null || now - Date.parse(session.lastSeenAt) >= lastSeenEveryMs;
  if (!isExpiryDue && !isLastSeenDue) return;
  await touchSession(db, sessionId, {
    lastSeenAt: new Date(now).toISOString(),
    ...(isExpiryDue ? { expiresAt: new Date(now + sessionIdleMs).toISOString() } : {}),
  });
}

/** The user of a live session token, sliding its idle expiry forward; null when none. */
export async function resolveSession(
  db: Db,
  token: string,
): Promise<{ userId: string; sessionId: string } | null> {
  const sessionId = sessionIdOf(token);
  const session = await findLiveSession(db, sessionId, nowIso());
  if (!session) return null;
  await noteActivity(db, sessionId, session);
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
    await noteActivity(db, sessionId, found);
    return { userId: found.userId, sessionId, account: found.account, role: found.role };
  }
  const session = await resolveSession(db, token);
  return session && { ...session, account: null, role: null };
}

/** Ends the session of this token (server side). */
export async function endSession(db: Db, token: string): Promise<void> {
  await deleteSession(db, sessionIdOf(token));
}
