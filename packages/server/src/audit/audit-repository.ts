import type { AuditItem as CoreAuditItem } from '@ipam/core/api/ipam';
import { randomUUID } from 'node:crypto';
import { chunksOf } from '../db/chunks.js';
import type { Db } from '../db/database.js';
import { preparedQuery } from '../db/prepared-query.js';

/** One change for the audit log: who did what to which object, with its state before and after. */
export interface AuditEntry {
  accountId: string | null;
  userId: string | null;
  action: 'create' | 'update' | 'delete' | 'import';
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  /** The subnet the change belongs to (subnets, addresses, approvals), for its history. */
  subnetId?: string;
  /** Who acted when no user did (e.g. "scanner HQ"). */
  actor?: string | undefined;
}

let lastMillis = 0;
let sameMillisCount = 0;

/**
 * The time of an audit entry: ISO 8601 UTC with six fractional digits, strictly increasing within
 * the process (the last three digits count entries within one millisecond), so "newest first" keeps
 * the order in which one server made its changes.
 */
export function auditTimestamp(): string {
  const now = Math.max(Date.now(), lastMillis);
  sameMillisCount = now === lastMillis ? sameMillisCount + 1 : 0;
  lastMillis = now;
  if (sameMillisCount > 999) {
    // More than a thousand entries in one millisecond: borrow the next one.
    lastMillis = now + 1;
    sameMillisCount = 0;
  }
  const iso = new Date(lastMillis).toISOString();
  return `${iso.slice(0, -1)}${String(sameMillisCount).padStart(3, '0')}Z`;
}

/** Appends an entry to the audit log (call inside the transaction that makes the change). */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await recordAudits(db, [entry]);
}

/** The audit_log row of an entry (a new id, the next audit timestamp). */
function auditRow(entry: AuditEntry) {
  return {
    id: randomUUID(),
    account_id: entry.accountId,
    user_id: entry.userId,
    at: auditTimestamp(),
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId,
    before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
    after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
    subnet_id: entry.subnetId ?? null,
    actor: entry.actor ?? null,
  };
}

// Most changes record one entry: that statement is compiled once and named on PostgreSQL.
const insertOne = preparedQuery(
  [
    'id',
    'account_id',
    'user_id',
    'at',
    'action',
    'entity',
    'entity_id',
    'before_json',
    'after_json',
    'subnet_id',
    'actor',
  ],
  (db, param) =>
    db.insertInto('audit_log').values({
      id: param('id'),
      account_id: param('account_id'),
      user_id: param('user_id'),
      at: param('at'),
      action: param('action'),
      entity: param('entity'),
      entity_id: param('entity_id'),
      before_json: param('before_json'),
      after_json: param('after_json'),
      subnet_id: param('subnet_id'),
      actor: param('actor'),
    }),
);

/** Appends entries to the audit log in multi-row statements, in the order given (inside the change's transaction). */
export async function recordAudits(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  const [only] = entries;
  if (entries.length === 1 && only) {
    await insertOne(db, auditRow(only));
    return;
  }
  for (const chunk of chunksOf(entries)) {
    await db.insertInto('audit_log').values(chunk.map(auditRow)).execute();
  }
}

/** One entry as stored: who (id and e-mail), when, what, and the state before/after (the API adds names). */
export type StoredAuditItem = Omit<CoreAuditItem, 'names'>;

/** Where a page starts: after the entry with this time and id (newest first). */
export interface AuditPosition {
  at: string;
  id: string;
}

function parsedJson(text: string | null): unknown {
  return text === null ? null : JSON.parse(text);
}

/**
 * One page of the account's audit log, newest first (time, then id, so paging is stable when two
 * changes share a millisecond); optionally only one subnet's history, or one person's changes. Answers one entry more than
 * asked when there is one, so the caller knows another page follows.
 */
export async function pageAudit(
  db: Db,
  accountId: string,
  options: {
    subnetId?: string | undefined;
    userId?: string | undefined;
    after?: AuditPosition | undefined;
    limit: number;
  },
): Promise<StoredAuditItem[]> {
  let query = db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.user_id')
    .select([
      'audit_log.id',
      'audit_log.at',
      'audit_log.user_id',
      'users.email',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.subnet_id',
      'audit_log.actor',
      'audit_log.before_json',
      'audit_log.after_json',
    ])
    .where('audit_log.account_id', '=', accountId);
  if (options.subnetId !== undefined) query = query.where('audit_log.subnet_id', '=', options.subnetId);
  if (options.userId !== undefined) query = query.where('audit_log.user_id', '=', options.userId);
  const { after } = options;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('audit_log.at', '<', after.at),
        eb.and([eb('audit_log.at', '=', after.at), eb('audit_log.id', '<', after.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(options.limit + 1)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    userId: row.user_id,
    userEmail: row.email,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    subnetId: row.subnet_id,
    actor: row.actor,
    before: parsedJson(row.before_json),
    after: parsedJson(row.after_json),
  }));
}

/**
 * Whether the account has (or had) this subnet: a subnet of the account now, or one its audit log
 * names (a deleted subnet's history stays readable). Another account's subnet is neither.
 */
export async function isSubnetOfAccountLog(db: Db, accountId: string, subnetId: string): Promise<boolean> {
  const current = await db
    .selectFrom('subnets')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', '=', subnetId)
    .executeTakeFirst();
  if (current) return true;
  const logged = await db
    .selectFrom('audit_log')
    .select('id')
    .where('account_id', '=', accountId)
    .where('subnet_id', '=', subnetId)
    .limit(1)
    .executeTakeFirst();
  return logged !== undefined;
}
