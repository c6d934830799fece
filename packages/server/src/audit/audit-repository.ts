import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';

/** One change for the audit log: who did what to which object, with its state before and after. */
export interface AuditEntry {
  accountId: string | null;
  userId: string | null;
  action: 'create' | 'update' | 'delete';
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  /** The subnet the change belongs to (subnets, addresses, approvals), for its history. */
  subnetId?: string;
}

/** Appends an entry to the audit log (call inside the transaction that makes the change). */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      account_id: entry.accountId,
      user_id: entry.userId,
      at: nowIso(),
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
      subnet_id: entry.subnetId ?? null,
    })
    .execute();
}

/** The account's audit entries, newest first. */
export async function listAudit(
  db: Db,
  accountId: string,
  limit: number,
): Promise<{ action: string; entity: string; entityId: string; userId: string | null }[]> {
  return db
    .selectFrom('audit_log')
    .select(['action', 'entity', 'entity_id as entityId', 'user_id as userId'])
    .where('account_id', '=', accountId)
    .orderBy('at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}
