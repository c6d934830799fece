import type { Db } from '../db/database.js';

/** How long a key holds its answer: a retry within it gets the answer again. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * How long a claim is its request's without a renewal. The claiming process renews it every third of
 * that while the request runs, so a claim whose lease ran out belongs to a process that stopped (or
 * stalled that long); if nothing was written under it, the next request with the key takes it over.
 */
export const IDEMPOTENCY_CLAIM_LEASE_MS = 10_000;

/** Claims from before leases (no lease written): taken for abandoned 10 minutes after they were made. */
export const IDEMPOTENCY_CLAIM_STALE_MS = 10 * 60 * 1000;

/** Whose key it is: keys are per account and per calling user (an API token acts as its maker). */
export interface IdempotencyScope {
  accountId: string;
  callerId: string;
  key: string;
}

/** A key as one request claimed it: the scope and that request's random token. */
export interface IdempotencyClaim {
  scope: IdempotencyScope;
  token: string;
}

/** A key already claimed: the request it was claimed for and, once that request ended, its answer. */
export interface StoredKey {
  requestHash: string;
  statusCode: number | null;
  responseBody: string | null;
  /** Whether the claiming request's write committed (an answer may still be on its way, or lost). */
  isCommitted: boolean;
  /** When the claim's lease ends (null for claims from before leases). */
  leaseUntil: string | null;
}

/** What claiming a key found: the claim is ours, or the key is another request's (running or answered). */
export type ClaimOutcome = { isClaimed: true } | { isClaimed: false; stored: StoredKey };

/**
 * Claims `claim`'s key for a request: one upsert on the primary key, so of concurrent claims exactly
 * one succeeds on either engine (PostgreSQL makes the others wait for its commit, SQLite runs one write
 * at a time). An expired row (older than 24 h), or a claim nothing was written under whose lease ran
 * out, is taken over; otherwise the stored row is answered.
 */
export async function claimKey(
  db: Db,
  claim: IdempotencyClaim,
  requestHash: string,
  now: Date,
): Promise<ClaimOutcome> {
  const { scope } = claim;
  const nowText = now.toISOString();
  const fresh = {
    request_hash: requestHash,
    status_code: null,
    response_body: null,
    created_at: nowText,
    claim_token: claim.token,
    lease_until: new Date(now.getTime() + IDEMPOTENCY_CLAIM_LEASE_MS).toISOString(),
    committed_at: null,
  };
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString();
  const staleBefore = new Date(now.getTime() - IDEMPOTENCY_CLAIM_STALE_MS).toISOString();
  // A row deleted between the upsert and the read (pruned) is claimed on the next round.
  for (let round = 0; round < 3; round += 1) {
    const claimed = await db
      .insertInto('idempotency_keys')
      .values({ account_id: scope.accountId, caller_id: scope.callerId, key: scope.key, ...fresh })
      .onConflict((conflict) =>
        conflict
          .columns(['account_id', 'caller_id', 'key'])
          .doUpdateSet(fresh)
          .where((eb) =>
            eb.or([
              eb('idempotency_keys.created_at', '<', expiredBefore),
              eb.and([
                eb('idempotency_keys.status_code', 'is', null),
                eb('idempotency_keys.committed_at', 'is', null),
                eb.or([
                  eb('idempotency_keys.lease_until', '<', nowText),
                  eb.and([
                    eb('idempotency_keys.lease_until', 'is', null),
                    eb('idempotency_keys.created_at', '<', staleBefore),
                  ]),
                ]),
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
    .select(['request_hash', 'status_code', 'response_body', 'committed_at', 'lease_until'])
    .where('account_id', '=', scope.accountId)
    .where('caller_id', '=', scope.callerId)
    .where('key', '=', scope.key)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    requestHash: row.request_hash,
    statusCode: row.status_code === null ? null : Number(row.status_code),
    responseBody: row.response_body,
    isCommitted: row.committed_at !== null,
    leaseUntil: row.lease_until,
  };
}

/** Extends the claim's lease while its request runs (nothing once it was answered or taken over). */
export async function renewClaim(db: Db, claim: IdempotencyClaim, leaseUntil: Date): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ lease_until: leaseUntil.toISOString() })
    .where('account_id', '=', claim.scope.accountId)
    .where('caller_id', '=', claim.scope.callerId)
    .where('key', '=', claim.scope.key)
    .where('claim_token', '=', claim.token)
    .where('status_code', 'is', null)
    .execute();
}

/**
 * In the transaction of the claiming request's write: records that the write commits with it, and
 * answers false when the claim is no longer this request's (its lease ran out and another request took
 * the key over), for the write to roll back. The row stays locked to the commit, so a request taking
 * the key over meanwhile waits and then finds it written.
 */
export async function confirmClaim(trx: Db, claim: IdempotencyClaim, now: Date): Promise<boolean> {
  const result = await trx
    .updateTable('idempotency_keys')
    .set({ committed_at: now.toISOString() })
    .where('account_id', '=', claim.scope.accountId)
    .where('caller_id', '=', claim.scope.callerId)
    .where('key', '=', claim.scope.key)
    .where('claim_token', '=', claim.token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Stores the answer of the request that claimed the key (once, and only while the claim is its own). */
export async function storeAnswer(
  db: Db,
  claim: IdempotencyClaim,
  statusCode: number,
  body: string,
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: statusCode, response_body: body })
    .where('account_id', '=', claim.scope.accountId)
    .where('caller_id', '=', claim.scope.callerId)
    .where('key', '=', claim.scope.key)
    .where('claim_token', '=', claim.token)
    .where('status_code', 'is', null)
    .execute();
}

/**
 * Gives a claim up (its request failed on our side before writing): the next request with the key
 * runs anew. A claim whose write committed is kept: running the request again would write twice.
 */
export async function releaseKey(db: Db, claim: IdempotencyClaim): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('account_id', '=', claim.scope.accountId)
    .where('caller_id', '=', claim.scope.callerId)
    .where('key', '=', claim.scope.key)
    .where('claim_token', '=', claim.token)
    .where('status_code', 'is', null)
    .where('committed_at', 'is', null)
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
