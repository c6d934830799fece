import type { AuditItem } from '@ipam/core/api/ipam';
import { auditReferences } from '@ipam/core/audit/describe-audit';
import type { AuditRefKind } from '@ipam/core/audit/audit-values';
import { messages } from '@ipam/core/messages';
import { AUDIT_PAGE_SIZE } from '@ipam/core/schemas/audit-schemas';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { findNames } from './audit-names-repository.js';
import {
  isSubnetOfAccountLog,
  pageAudit,
  type AuditPosition,
  type StoredAuditItem,
} from './audit-repository.js';

function encodeCursor(item: StoredAuditItem): string {
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
  return {
    items: await withNames(db, accountId, items),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
  };
}

/**
 * The entries with the current names of the groups, VRFs, subnets, scanners, plans and invitations
 * they name by id (core's audit table says which fields hold ids), so every screen shows names.
 */
export async function withNames(
  db: Db,
  accountId: string,
  items: readonly StoredAuditItem[],
): Promise<AuditItem[]> {
  const referencesOf = items.map((item) => auditReferences(item));
  const wanted = new Map<AuditRefKind, Set<string>>();
  for (const { kind, id } of referencesOf.flat()) {
    const ids = wanted.get(kind) ?? new Set<string>();
    ids.add(id);
    wanted.set(kind, ids);
  }
  const names = await findNames(db, accountId, wanted);
  return items.map((item, i) => {
    const own: Record<string, string> = {};
    for (const { id } of referencesOf[i] ?? []) {
      const name = names.get(id);
      if (name !== undefined) own[id] = name;
    }
    return { ...item, names: own };
  });
}
