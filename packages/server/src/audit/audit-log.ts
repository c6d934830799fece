import { messages } from '@ipam/core/messages';
import { AUDIT_PAGE_SIZE } from '@ipam/core/schemas/audit-schemas';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { isSubnetOfAccountLog, pageAudit, type AuditItem, type AuditPosition } from './audit-repository.js';

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

/** What a page of the audit log is narrowed to, and where it starts. */
export interface AuditPageOptions {
  /** One subnet's history; a subnet the account never had is 404. */
  subnetId?: string | undefined;
  /** One person's changes. */
  userId?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}

/**
 * One page of the account's change history (newest first), optionally of one subnet and/or one
 * person, with the cursor of the next page: following it pages through every entry, however many.
 */
export async function auditPage(
  db: Db,
  accountId: string,
  options: AuditPageOptions,
): Promise<{ items: AuditItem[]; nextCursor: string | null }> {
  const limit = options.limit ?? AUDIT_PAGE_SIZE;
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
  if (options.subnetId !== undefined && !(await isSubnetOfAccountLog(db, accountId, options.subnetId))) {
    throw new DomainError('not_found', messages.notFound);
  }
  const rows = await pageAudit(db, accountId, {
    subnetId: options.subnetId,
    userId: options.userId,
    after,
    limit,
  });
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}
