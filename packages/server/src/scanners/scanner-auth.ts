import type { FastifyRequest } from 'fastify';
import { messages } from '@ipam/core/messages';
import type { AccountRecord } from '../accounts/account-repository.js';
import { findAccountById } from '../accounts/account-repository.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { hashScannerKey, isScannerKeyShape } from './scanner-keys.js';
import { findScannerByKeyHash, touchScanner, type ScannerRecord } from './scanner-repository.js';
import { requireScannerTier } from './scanners.js';

/** Failed key attempts allowed per client in a window before it is refused (429) for the rest of it. */
export interface KeyFailureLimiter {
  isBlocked(ip: string): boolean;
  recordFailure(ip: string): void;
}

/** Counts failed scanner keys per client IP in fixed windows, in memory. */
export function createKeyFailureLimiter(maxFailures: number, windowMs: number): KeyFailureLimiter {
  let windowStart = Date.now();
  let failures = new Map<string, number>();
  const roll = () => {
    if (Date.now() - windowStart >= windowMs) {
      windowStart = Date.now();
      failures = new Map();
    }
  };
  return {
    isBlocked(ip) {
      roll();
      return (failures.get(ip) ?? 0) >= maxFailures;
    },
    recordFailure(ip) {
      roll();
      failures.set(ip, (failures.get(ip) ?? 0) + 1);
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
 * client with too many failures is refused (429) before its key is looked at.
 */
export async function authenticateScanner(
  db: Db,
  request: FastifyRequest,
  limiter: KeyFailureLimiter,
): Promise<{ scanner: ScannerRecord; account: AccountRecord }> {
  if (limiter.isBlocked(request.ip)) throw new DomainError('rate_limited', messages.tooManyAttempts);
  const match = /^Bearer ([^\s]+)$/.exec(request.headers.authorization ?? '');
  const key = match?.[1] ?? '';
  const scanner = isScannerKeyShape(key) ? await findScannerByKeyHash(db, hashScannerKey(key)) : undefined;
  const account = scanner ? await findAccountById(db, scanner.accountId) : undefined;
  if (!scanner || !account) {
    limiter.recordFailure(request.ip);
    throw new DomainError('scanner_key_invalid', messages.scannerKeyInvalid);
  }
  requireScannerTier(account);
  const seenAt = new Date().toISOString();
  await touchScanner(db, scanner.id, seenAt, agentVersionOf(request));
  return { scanner: { ...scanner, lastSeenAt: seenAt }, account };
}
