import { createHash, randomBytes } from 'node:crypto';
import { messages } from '@ipam/core/messages';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { insertChallenge, takeChallenge, type ChallengePurpose } from './webauthn-challenge-repository.js';

/** How long a browser may take to answer a challenge (the user finds and touches their key). */
export const CHALLENGE_MS = 5 * 60 * 1000;

const idOf = (challenge: string) => createHash('sha256').update(challenge).digest('hex');

/** A new random challenge (32 bytes) stored for `purpose` and user; the bytes go into the options. */
export async function issueChallenge(
  db: Db,
  purpose: ChallengePurpose,
  userId: string | null,
  nowMs: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new Uint8Array(randomBytes(32));
  await insertChallenge(db, {
    id: idOf(Buffer.from(bytes).toString('base64url')),
    purpose,
    userId,
    createdAt: new Date(nowMs).toISOString(),
    expiresAt: new Date(nowMs + CHALLENGE_MS).toISOString(),
  });
  return bytes;
}

/** The challenge the browser signed, read from the credential's client data; null when unreadable. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (typeof data !== 'object' || data === null || !('challenge' in data)) return null;
    return typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Takes the challenge a credential answers, once: it must be stored, unexpired, made for `purpose` and
 * for this user (null: a passwordless sign-in's). Taken even when it is the wrong one, so it never
 * works again; anything else is `passkey_expired`. Answers the challenge for the library's check.
 */
export async function takeAnsweredChallenge(
  db: Db,
  clientDataJSON: string,
  expected: { purpose: ChallengePurpose; userId: string | null },
  nowMs: number,
): Promise<string> {
  const challenge = challengeOf(clientDataJSON);
  const stored = challenge && (await takeChallenge(db, idOf(challenge), new Date(nowMs).toISOString()));
  if (!challenge || !stored || stored.purpose !== expected.purpose || stored.userId !== expected.userId) {
    throw new DomainError('passkey_expired', messages.passkeyExpired);
  }
  return challenge;
}
