import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@ipam/core/messages';
import { requireAccount, requireAuth } from '../auth/request-context.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import {
  claimKey,
  findKey,
  releaseKey,
  storeAnswer,
  type IdempotencyScope,
  type StoredKey,
} from './idempotency-repository.js';

/** Longest Idempotency-Key accepted. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** A key this request claimed: its answer is stored when it is sent, and waiting duplicates released. */
interface IdempotencyClaim {
  scope: IdempotencyScope;
  finish: () => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request claimed (an idempotent route's, when the header was sent). */
    idempotencyClaim: IdempotencyClaim | null;
  }
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
 * gets 409 with Retry-After. A 5xx answer gives the key up, so a retry runs anew.
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
      const finish = () => {
        running.delete(runningId);
        release();
      };
      const outcome = await claimKey(db, scope, requestHash, new Date()).catch((error: unknown) => {
        finish();
        throw error;
      });
      if (outcome.isClaimed) {
        request.idempotencyClaim = { scope, finish };
        return;
      }
      finish();
      return answerStored(outcome.stored);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    try {
      // An answer without a body (204) is stored as empty text; a stream or buffer is not replayable.
      const body = payload === null || payload === undefined ? '' : payload;
      if (reply.statusCode < 500 && typeof body === 'string') {
        await storeAnswer(db, claim.scope, reply.statusCode, body);
      } else {
        await releaseKey(db, claim.scope);
      }
    } finally {
      claim.finish();
    }
    return payload;
  });

  // Should a request end without sending (the client went away), its claim is given up all the same.
  app.addHook('onResponse', async (request) => {
    const claim = request.idempotencyClaim;
    if (!claim) return;
    request.idempotencyClaim = null;
    try {
      await releaseKey(db, claim.scope);
    } finally {
      claim.finish();
    }
  });
}
