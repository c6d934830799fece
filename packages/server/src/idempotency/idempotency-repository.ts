import type { Db } from '../db/database.js';

/** How long a key holds its answer: a retry within it gets the answer again. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * How long a claim without an answer is taken for a request still running; after it, the claim is
 * taken for abandoned (its server stopped mid-request) and the next request with the key runs anew.
 */
export const IDEMPOTENCY_CLAIM_STALE_MS = 10 * 60 * 1000;

/** Whose key it is: keys are per account and per calling user (an API token acts as its maker). */
export interface IdempotencyScope {
  accountId: string;
  callerId: string;
  key: string;
}

/** A key already claimed: the request it was claimed for and, once that request ended, its answer. */
export interface StoredKey {
  requestHash: string;
  statusCode: number | null;
  responseBody: string | null;
}

/** What claiming a key found: the claim is ours, or the key is another request's (running or answered). */
export type ClaimOutcome = { isClaimed: true } | { isClaimed: false; stored: StoredKey };

/**
 * Claims `scope`'s key for a request: one upsert on the primary key, so of concurrent claims exactly
 * one succeeds on either engine (PostgreSQL makes the others wait for its commit, SQLite runs one write
 * at a time). An expired row (older than 24 h) or an abandoned claim is taken over; otherwise the
 * stored row is answered.
 */
export async function claimKey(
  db: Db,
  scope: IdempotencyScope,
  requestHash: string,
  now: Date,
): Promise<ClaimOutcome> {
  const nowText = now.toISOString();
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString();
  const staleBefore = new Date(now.getTime() - IDEMPOTENCY_CLAIM_STALE_MS).toISOString();
  // A row deleted between the upsert and the read (pruned) is claimed on the next round.
  for (let round = 0; round < 3; round += 1) {
    const claimed = await db
      .insertInto('idempotency_keys')
      .values({
        account_id: scope.accountId,
        caller_id: scope.callerId,
        key: scope.key,
        request_hash: requestHash,
        status_code: null,
        response_body: null,
        created_at: nowText,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['account_id', 'caller_id', 'key'])
          .doUpdateSet({
            request_hash: requestHash,
            status_code: null,
            response_body: null,
            created_at: nowText,
          })
          .where((eb) =>
            eb.or([
              eb('idempotency_keys.created_at', '<', expiredBefore),
              eb.and([
                eb('idempotency_keys.status_code', 'is', null),
                eb('idempotency_keys.created_at', '<', staleBefore),
              ]),
            ]),
          ),
      )
      .returning('key')
      .executeTakeFirst();
    if (claimed) return { isClaimed: true };
    const stored = await findKey(db, scope);
    if (stored) return { isClaimed: false, stored };
  }
  throw new Error('idempotency key neither claimed nor found');
}

/** The key's row as stored (claimed, maybe answered), or undefined when there is none. */
export async function findKey(db: Db, scope: IdempotencyScope): Promise<StoredKey | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response_body'])
    .where('account_id', '=', scope.accountId)
    .where('caller_id', '=', scope.callerId)
    .where('key', '=', scope.key)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    requestHash: row.request_hash,
    statusCode: row.status_code === null ? null : Number(row.status_code),
    responseBody: row.response_body,
  };
}

/** Stores the answer of the request that claimed the key (once: a claim already answered is kept). */
export async function storeAnswer(
  db: Db,
  scope: IdempotencyScope,
  statusCode: number,
  body: string,
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: statusCode, response_body: body })
    .where('account_id', '=', scope.accountId)
    .where('caller_id', '=', scope.callerId)
    .where('key', '=', scope.key)
    .where('status_code', 'is', null)
    .execute();
}

/** Gives a claim up (its request failed on our side): the next request with the key runs anew. */
export async function releaseKey(db: Db, scope: IdempotencyScope): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('account_id', '=', scope.accountId)
    .where('caller_id', '=', scope.callerId)
    .where('key', '=', scope.key)
    .where('status_code', 'is', null)
    .execute();
}

/** Deletes keys older than 24 hours (answered or abandoned); answers how many. */
export async function deleteExpiredKeys(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
