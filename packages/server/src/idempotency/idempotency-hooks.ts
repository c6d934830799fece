import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@ipam/core/messages';
import { requireAccount, requireAuth } from '../auth/request-context.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { idempotencyFence, type IdempotencyFence } from './idempotency-fence.js';
import {
  claimKey,
  findKey,
  IDEMPOTENCY_CLAIM_LEASE_MS,
  releaseKey,
  renewClaim,
  storeAnswer,
  type IdempotencyClaim,
  type StoredKey,
} from './idempotency-repository.js';

/** Longest Idempotency-Key accepted. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/**
 * A key this request claimed: its lease is renewed while it runs, its changes confirm it (the fence),
 * its answer is stored when it is sent, and then waiting duplicates are released.
 */
interface RunningClaim {
  claim: IdempotencyClaim;
  fence: IdempotencyFence;
  finish: () => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request claimed (an idempotent route's, when the header was sent). */
    idempotencyClaim: RunningClaim | null;
  }
}

/** Whether a claim's lease has run out: its process stopped (or stalled) before answering. */
function isLeaseOver(stored: StoredKey, now: Date): boolean {
  return stored.leaseUntil !== null && stored.leaseUntil < now.toISOString();
}

/** The request's Idempotency-Key, null when it sent none; 400 when it is empty, repeated or too long. */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return null;
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new DomainError('idempotency_key_invalid', messages.idempotencyKeyInvalid);
  }
  return value;
}

/** JSON with object keys sorted, so one request always hashes the same. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'bigint') return item.toString();
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    return Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}

/** What makes two requests "the same": method, route, path parameters, query and the validated body. */
function requestHashOf(request: FastifyRequest): string {
  const text = canonicalJson({
    method: request.method,
    route: request.routeOptions.url ?? '',
    params: request.params ?? null,
    query: request.query ?? null,
    body: request.body ?? null,
  });
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Idempotency-Key on the routes flagged `isIdempotent` in core's route table (docs/automation.md):
 * after authorization and validation the key is claimed with a unique row; the request that claims it
 * runs, and its answer (any status below 500) is stored before it is sent. Another request with the
 * key gets that answer again (422 when its request differs). Duplicates arriving while the first still
 * runs in this process wait for it, without polling; one arriving at another server process meanwhile
 * gets 409 with Retry-After. A 5xx answer gives the key up, so a retry runs anew, unless its write
 * committed. The claim is leased: this process renews it while the request runs, so a claim of a
 * process that stopped is free again within 10 s when nothing was written under it; one whose write
 * committed (its changes confirm the claim in their transaction) is answered 409 answer-lost instead.
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  const running = new Map<string, Promise<void>>();
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.isIdempotent) return;
    const key = idempotencyKeyOf(request);
    if (key === null) return;
    const scope = { accountId: requireAccount(request).id, callerId: requireAuth(request).userId, key };
    const requestHash = requestHashOf(request);
    const runningId = canonicalJson([scope.accountId, scope.callerId, key]);
    const answerStored = (stored: StoredKey) => {
      if (stored.requestHash !== requestHash) {
        throw new DomainError('idempotency_key_reused', messages.idempotencyKeyReused);
      }
      if (stored.statusCode === null || stored.responseBody === null) {
        // Written, but its server stopped before storing the answer: never run again, nor answerable.
        if (stored.isCommitted && isLeaseOver(stored, new Date())) {
          throw new DomainError('idempotency_answer_lost', messages.idempotencyAnswerLost);
        }
        void reply.header('retry-after', '1');
        throw new DomainError('idempotency_in_progress', messages.idempotencyInProgress);
      }
      return reply
        .status(stored.statusCode)
        .type('application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .send(stored.responseBody);
    };
    for (;;) {
      const earlier = running.get(runningId);
      if (earlier) {
        // The first has ended: its answer is read (by every waiter at once), or the key was given up.
        await earlier;
        const stored = await findKey(db, scope);
        if (stored && stored.statusCode !== null) return answerStored(stored);
        continue;
      }
      let release = () => {};
      running.set(runningId, new Promise<void>((resolve) => (release = resolve)));
      const claim = { scope, token: randomUUID() };
      const fence = idempotencyFence(claim);
      let renewal: NodeJS.Timeout | undefined;
      const finish = () => {
        clearInterval(renewal);
        fence.close();
        running.delete(runningId);
        release();
      };
      const outcome = await claimKey(db, claim, requestHash, new Date()).catch((error: unknown) => {
        finish();
        throw error;
      });
      if (outcome.isClaimed) {
        // The lease says this process still runs the request; it lapses within 10 s of a crash.
        const renew = () => renewClaim(db, claim, new Date(Date.now() + IDEMPOTENCY_CLAIM_LEASE_MS));
        renewal = setInterval(
          () => void renew().catch((error: unknown) => request.log.warn({ err: error }, 'lease not renewed')),
          IDEMPOTENCY_CLAIM_LEASE_MS / 3,
        ).unref();
        request.idempotencyClaim = { claim, fence, finish };
        return;
      }
      finish();
      return answerStored(outcome.stored);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotencyClaim;
    if (!held) return payload;
    request.idempotencyClaim = null;
    try {
      // An answer without a body (204) is stored as empty text; a stream or buffer is not replayable.
      const body = payload === null || payload === undefined ? '' : payload;
      if (reply.statusCode < 500 && typeof body === 'string') {
        await storeAnswer(db, held.claim, reply.statusCode, body);
      } else {
        await releaseKey(db, held.claim);
      }
    } finally {
      held.finish();
    }
    return payload;
  });

  // Should a request end without sending (the client went away), its claim is given up all the same.
  app.addHook('onResponse', async (request) => {
    const held = request.idempotencyClaim;
    if (!held) return;
    request.idempotencyClaim = null;
    try {
      await releaseKey(db, held.claim);
    } finally {
      held.finish();
    }
  });
}
