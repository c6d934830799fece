import { messages } from '@ipam/core/messages';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { pageAudit, type AuditItem, type AuditPosition } from './audit-repository.js';

/** Entries per page of the audit log unless the caller asks for fewer or more (up to the maximum). */
export const AUDIT_PAGE_SIZE = 50;
export const MAX_AUDIT_PAGE_SIZE = 500;

function encodeCursor(item: AuditItem): string {
  return Buffer.from(`${item.at}|${item.id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): AuditPosition {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const [at = '', id = '', ...rest] = text.split('|');
  if (rest.length > 0 || !/^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(at) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new DomainError('validation_failed', messages.invalidCursor, { cursor: messages.invalidCursor });
  }
  return { at, id };
}

/** One page of the account's change history (newest first), optionally of one subnet, with the next cursor. */
export async function auditPage(
  db: Db,
  accountId: string,
  options: { subnetId?: string | undefined; cursor?: string | undefined; limit?: number | undefined },
): Promise<{ items: AuditItem[]; nextCursor: string | null }> {
  const limit = options.limit ?? AUDIT_PAGE_SIZE;
  const rows = await pageAudit(db, accountId, {
    subnetId: options.subnetId,
    after: options.cursor ? decodeCursor(options.cursor) : undefined,
    limit,
  });
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}
