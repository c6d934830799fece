import { randomUUID } from 'node:crypto';
import { chunksOf } from '../db/chunks.js';
import type { Db } from '../db/database.js';
import type { OutboxItem, OutboxItemInput } from './outbox-item.js';

/** An item's state: waiting (or retrying), sent, or given up. */
export type OutboxState = 'pending' | 'delivered' | 'failed';

/** Writes items in the order given (inside the change's transaction); their ids. */
export async function insertOutboxItems(
  trx: Db,
  accountId: string,
  items: readonly OutboxItemInput[],
  now: string,
): Promise<string[]> {
  const rows = items.map((item) => ({
    id: randomUUID(),
    account_id: accountId,
    kind: item.kind,
    target_id: item.targetId,
    label: item.label,
    payload: JSON.stringify(item.payload ?? null),
    state: 'pending',
    attempts: 0,
    next_attempt_at: now,
    lease_owner: null,
    lease_until: null,
    created_at: now,
    finished_at: null,
    last_error: null,
  }));
  // One statement per chunk keeps `seq` in the order given.
  for (const chunk of chunksOf(rows, 200)) await trx.insertInto('outbox').values(chunk).execute();
  return rows.map((row) => row.id);
}

interface ClaimRequest {
  owner: string;
  now: string;
  leaseUntil: string;
  limit: number;
}

/**
 * Leases up to `limit` due items, each the oldest pending item of its (kind, target) so a target's
 * items go strictly in order. The lease is a conditional UPDATE (still pending, lease free or
 * expired): on PostgreSQL a competing process's UPDATE waits on the row and then finds the condition
 * false; SQLite has one writer. So an item is leased by one process at a time.
 */
export async function claimDueItems(db: Db, request: ClaimRequest): Promise<OutboxItem[]> {
  const { owner, now, leaseUntil, limit } = request;
  const candidates = await db
    .selectFrom('outbox as o')
    .select(['o.id'])
    .where('o.state', '=', 'pending')
    .where('o.next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('o.lease_until', 'is', null), eb('o.lease_until', '<', now)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('outbox as earlier')
            .select('earlier.seq')
            .whereRef('earlier.kind', '=', 'o.kind')
            .whereRef('earlier.target_id', '=', 'o.target_id')
            .where('earlier.state', '=', 'pending')
            .whereRef('earlier.seq', '<', 'o.seq'),
        ),
      ),
    )
    .orderBy('o.seq')
    .limit(limit)
    .execute();
  const claimed: OutboxItem[] = [];
  for (const { id } of candidates) {
    const row = await db
      .updateTable('outbox')
      .set((eb) => ({ lease_owner: owner, lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .returning(['id', 'account_id', 'kind', 'target_id', 'label', 'payload', 'attempts', 'created_at'])
      .executeTakeFirst();
    if (!row) continue;
    claimed.push({
      id: row.id,
      accountId: row.account_id,
      kind: row.kind,
      targetId: row.target_id,
      label: row.label,
      payload: JSON.parse(row.payload) as unknown,
      attempt: Number(row.attempts),
      createdAt: row.created_at,
    });
  }
  return claimed;
}

/** One attempt as logged. */
export interface AttemptRecord {
  at: string;
  status: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

/** How an attempt leaves its item: sent, to retry at `nextAttemptAt`, or given up. */
export type Settlement =
  { state: 'delivered' } | { state: 'pending'; nextAttemptAt: string } | { state: 'failed' };

/**
 * Logs an attempt and settles its item, releasing the lease, in one transaction. The item is changed
 * only while this owner still holds it (a lease that ran out may have passed to another process);
 * false when it did not.
 */
export async function settleAttempt(
  db: Db,
  item: OutboxItem,
  owner: string,
  attempt: AttemptRecord,
  settlement: Settlement,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('outbox_attempts')
      .values({
        id: randomUUID(),
        item_id: item.id,
        kind: item.kind,
        target_id: item.targetId,
        attempt: item.attempt,
        at: attempt.at,
        status: attempt.status,
        duration_ms: attempt.durationMs,
        response_excerpt: attempt.responseExcerpt,
        error: attempt.error,
      })
      .execute();
    const isFinished = settlement.state !== 'pending';
    const result = await trx
      .updateTable('outbox')
      .set({
        state: settlement.state,
        lease_owner: null,
        lease_until: null,
        last_error: attempt.error,
        ...(settlement.state === 'pending' ? { next_attempt_at: settlement.nextAttemptAt } : {}),
        ...(isFinished ? { finished_at: attempt.at } : {}),
      })
      .where('id', '=', item.id)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  });
}

/** An item as its target's log lists it, with its latest attempt. */
export interface ListedOutboxItem {
  id: string;
  label: string;
  payload: unknown;
  state: OutboxState;
  attempts: number;
  createdAt: string;
  nextAttemptAt: string;
  finishedAt: string | null;
  lastAttempt: AttemptRecord | null;
}

function isOutboxState(value: string): value is OutboxState {
  return value === 'pending' || value === 'delivered' || value === 'failed';
}

/** The newest `limit` items of one target of the account, newest first, each with its latest attempt. */
export async function listItemsOfTarget(
  db: Db,
  accountId: string,
  kind: string,
  targetId: string,
  limit: number,
): Promise<ListedOutboxItem[]> {
  const rows = await db
    .selectFrom('outbox')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
  const ids = rows.map((row) => row.id);
  const attempts =
    ids.length === 0
      ? []
      : await db
          .selectFrom('outbox_attempts')
          .selectAll()
          .where('item_id', 'in', ids)
          .orderBy('at')
          .execute();
  const latest = new Map(attempts.map((row) => [row.item_id, row]));
  return rows.map((row) => {
    const last = latest.get(row.id);
    return {
      id: row.id,
      label: row.label,
      payload: JSON.parse(row.payload) as unknown,
      state: isOutboxState(row.state) ? row.state : 'failed',
      attempts: Number(row.attempts),
      createdAt: row.created_at,
      nextAttemptAt: row.next_attempt_at,
      finishedAt: row.finished_at,
      lastAttempt: last
        ? {
            at: last.at,
            status: last.status === null ? null : Number(last.status),
            durationMs: Number(last.duration_ms),
            responseExcerpt: last.response_excerpt,
            error: last.error,
          }
        : null,
    };
  });
}

/** One item of a target of the account (its payload), or undefined. */
export async function findItemOfTarget(
  db: Db,
  accountId: string,
  kind: string,
  targetId: string,
  itemId: string,
): Promise<{ id: string; label: string; payload: unknown } | undefined> {
  const row = await db
    .selectFrom('outbox')
    .select(['id', 'label', 'payload'])
    .where('id', '=', itemId)
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .executeTakeFirst();
  return row ? { id: row.id, label: row.label, payload: JSON.parse(row.payload) as unknown } : undefined;
}

/** Removes every item of a target (it was deleted), their attempts with them. */
export async function deleteItemsOfTarget(trx: Db, kind: string, targetId: string): Promise<void> {
  await trx.deleteFrom('outbox').where('kind', '=', kind).where('target_id', '=', targetId).execute();
}

/** Removes items finished before `before` (their attempts go with them); how many. */
export async function deleteFinishedItems(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('outbox')
    .where('state', '!=', 'pending')
    .where('finished_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Items waiting to be sent (due now or retrying later), by kind: the outbox's queue depth. */
export async function countPendingItems(db: Db): Promise<{ kind: string; count: number }[]> {
  const rows = await db
    .selectFrom('outbox')
    .select(['kind', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('state', '=', 'pending')
    .groupBy('kind')
    .orderBy('kind')
    .execute();
  return rows.map((row) => ({ kind: row.kind, count: Number(row.count) }));
}
