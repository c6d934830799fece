import type { AlertPage } from '@ipam/core/api/alert';
import { messages } from '@ipam/core/messages';
import { ALERT_PAGE_SIZE } from '@ipam/core/schemas/alert-schemas';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { pageAlerts, type AlertPosition } from './alert-repository.js';

function encodeCursor(position: AlertPosition): string {
  return Buffer.from(`${position.createdAt}|${position.id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): AlertPosition {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const [createdAt = '', id = '', ...rest] = text.split('|');
  if (rest.length > 0 || !/^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(createdAt) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new DomainError('validation_failed', messages.invalidCursor, { cursor: messages.invalidCursor });
  }
  return { createdAt, id };
}

/** One page of the account's alerts (newest first) and the cursor of the next; only its own alerts. */
export async function alertPage(
  db: Db,
  accountId: string,
  options: { cursor?: string | undefined; limit?: number | undefined },
): Promise<AlertPage> {
  const limit = options.limit ?? ALERT_PAGE_SIZE;
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
  const rows = await pageAlerts(db, accountId, { after, limit: limit + 1 });
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}
