import type { FastifyRequest } from 'fastify';
import { messages } from '@ipam/core/messages';
import type { AccountRecord } from '../accounts/account-repository.js';
import { findAccountById } from '../accounts/account-repository.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import type { AttemptCounters } from '../limits/rate-counters.js';
import { hashScannerKey, isScannerKeyShape } from './scanner-keys.js';
import { findScannerByKeyHash, touchScanner, type ScannerRecord } from './scanner-repository.js';
import { requireScannerTier } from './scanners.js';

/**
 * Failed key attempts allowed per (client IP, key prefix) in a window before that pair is refused
 * (429) for the rest of it. Counted by prefix, so wrong keys from an address (a NAT, a shared
 * network) never lock out the valid key another agent there presents (issue 36).
 */
export interface KeyFailureLimiter {
  isBlocked(ip: string, key: string): Promise<boolean>;
  recordFailure(ip: string, key: string): Promise<void>;
}

/** How much of a presented key names its failure counter: 8 of its 32 characters (~48 bits). */
const KEY_PREFIX_LENGTH = 8;

const counterKey = (ip: string, key: string) => `scanner-key:${ip} ${key.slice(0, KEY_PREFIX_LENGTH)}`;

/**
 * Counts failed scanner keys per (client IP, key prefix) in the fixed windows of `counters` (shared by
 * every process on PostgreSQL, so guesses spread over processes add up).
 */
export function createKeyFailureLimiter(maxFailures: number, counters: AttemptCounters): KeyFailureLimiter {
  return {
    async isBlocked(ip, key) {
      const [failures] = await counters.read([counterKey(ip, key)]);
      return (failures?.count ?? 0) >= maxFailures;
    },
    async recordFailure(ip, key) {
      await counters.add(counterKey(ip, key));
    },
  };
}

/** The agent version from `X-Scanner-Version`: printable, at most 40 characters, else null. */
function agentVersionOf(request: FastifyRequest): string | null {
  const header = request.headers['x-scanner-version'];
  const text = typeof header === 'string' ? header.trim() : '';
  return /^[\x21-\x7e]{1,40}$/.test(text) ? text : null;
}

/**
 * The scanner a request's `Authorization: Bearer <key>` names, and its account (read fresh), after
 * recording that it called in. A missing, malformed, wrong or revoked key is a 401 with no detail; a
 * client with too many failures for keys of this prefix is refused (429) before its key is looked at.
 */
export async function authenticateScanner(
  db: Db,
  request: FastifyRequest,
  limiter: KeyFailureLimiter,
): Promise<{ scanner: ScannerRecord; account: AccountRecord }> {
  const match = /^Bearer ([^\s]+)$/.exec(request.headers.authorization ?? '');
  const key = match?.[1] ?? '';
  if (await limiter.isBlocked(request.ip, key)) {
    throw new DomainError('rate_limited', messages.tooManyAttempts);
  }
  const scanner = isScannerKeyShape(key) ? await findScannerByKeyHash(db, hashScannerKey(key)) : undefined;
  const account = scanner ? await findAccountById(db, scanner.accountId) : undefined;
  if (!scanner || !account) {
    await limiter.recordFailure(request.ip, key);
    throw new DomainError('scanner_key_invalid', messages.scannerKeyInvalid);
  }
  requireScannerTier(account);
  const seenAt = new Date().toISOString();
  await touchScanner(db, scanner.id, seenAt, agentVersionOf(request));
  return { scanner: { ...scanner, lastSeenAt: seenAt }, account };
}
