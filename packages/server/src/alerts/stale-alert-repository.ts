import type { ExpressionBuilder } from 'kysely';
import { isPostgres, type Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** A leaf subnet that marks stale addresses (its days are read again, locked, by the sweep). */
export interface WatchedSubnet {
  id: string;
  accountId: string;
}

/** Every subnet with "stale after" set, of every account (the stale check's round). */
export async function listWatchedSubnets(db: Db): Promise<WatchedSubnet[]> {
  const rows = await db
    .selectFrom('subnets')
    .select(['id', 'account_id'])
    .where('stale_after_days', 'is not', null)
    .where('kind', '=', 'leaf')
    .orderBy('account_id')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, accountId: row.account_id }));
}

/** The address's last sighting has had no went-stale alert yet. */
function notAlertedForLastSighting(eb: ExpressionBuilder<Database, 'ip_addresses'>) {
  return eb.or([eb('stale_alerted_for', 'is', null), eb('stale_alerted_for', '!=', eb.ref('last_seen'))]);
}

/** An address that has just been marked as alerted stale. */
export interface MarkedStale {
  ipAddress: string;
  lastSeen: string;
  lastSeenBy: string | null;
  /** The address as the API lists it (its stored list item). */
  item: unknown;
}

/**
 * Marks up to `limit` addresses of the subnet last seen before `cutoff` and not yet alerted for that
 * sighting (the marker holds the last-seen time it was alerted for, so a new sighting re-arms it), and
 * answers those this call marked. The rows are locked in address order first (PostgreSQL), as every
 * writer of several addresses locks them, so no deadlock; the UPDATE repeats the condition, so a row
 * another process marked, or a scan saw, meanwhile is left out.
 */
export async function markStaleAlerted(
  trx: Db,
  subnetId: string,
  cutoff: string,
  limit: number,
): Promise<MarkedStale[]> {
  const candidates = await trx
    .selectFrom('ip_addresses')
    .select('id')
    .where('subnet_id', '=', subnetId)
    .where('last_seen', '<', cutoff)
    .where(notAlertedForLastSighting)
    .orderBy('last_seen')
    .limit(limit)
    .execute();
  if (candidates.length === 0) return [];
  const ids = candidates.map((row) => row.id);
  if (isPostgres(trx)) {
    await trx
      .selectFrom('ip_addresses')
      .select('id')
      .where('id', 'in', ids)
      .orderBy('sort_key')
      .forUpdate()
      .execute();
  }
  const rows = await trx
    .updateTable('ip_addresses')
    .set((eb) => ({ stale_alerted_for: eb.ref('last_seen') }))
    .where('id', 'in', ids)
    .where('subnet_id', '=', subnetId)
    .where('last_seen', '<', cutoff)
    .where(notAlertedForLastSighting)
    .returning(['ip_address', 'sort_key', 'last_seen', 'last_seen_by', 'item_json'])
    .execute();
  return rows
    .sort((a, b) => (a.sort_key < b.sort_key ? -1 : a.sort_key > b.sort_key ? 1 : 0))
    .flatMap((row) =>
      row.last_seen === null
        ? []
        : [
            {
              ipAddress: row.ip_address,
              lastSeen: row.last_seen,
              lastSeenBy: row.last_seen_by,
              item: JSON.parse(row.item_json) as unknown,
            },
          ],
    );
}
