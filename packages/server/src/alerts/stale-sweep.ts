import { staleCutoff } from '@ipam/core/stale';
import { findAccountById, type AccountRecord } from '../accounts/account-repository.js';
import { runChange, type ChangeLog } from '../commands/change.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import type { EventPublisher } from '../events/event-publisher.js';
import type { SubnetRecord } from '../subnets/subnet-repository.js';
import { requireLeaf } from '../subnets/subnets.js';
import { recordAlerts } from './record-alerts.js';
import { listWatchedSubnets, markStaleAlerted, type WatchedSubnet } from './stale-alert-repository.js';

/** How much one sweep may do: addresses per transaction, and went-stale alerts in all. */
export interface StaleSweepLimits {
  batchSize: number;
  maxAlerts: number;
}

/** The defaults: the rest waits for the next sweep. */
export const STALE_SWEEP_LIMITS: StaleSweepLimits = { batchSize: 200, maxAlerts: 2000 };

/** Who History says wrote a went-stale alert. */
export const STALE_CHECK_ACTOR = 'stale check';

/** What a sweep needs: the database, where live events go, where problems go. */
export interface SweepDeps {
  db: Db;
  events: EventPublisher;
  log?: ChangeLog;
}

/**
 * One transaction of the sweep in one subnet: takes the subnet's row as a scan does (so a scan of it,
 * or another process's sweep, waits), marks up to `limit` addresses that went stale by `now` and
 * writes one went-stale alert for each, with its History entry, webhook event and live event.
 */
async function sweepBatch(
  deps: SweepDeps,
  account: AccountRecord,
  watched: WatchedSubnet,
  now: Date,
  limit: number,
): Promise<number> {
  const ctx = { ...deps, account, userId: null, actor: STALE_CHECK_ACTOR };
  return runChange(ctx, async (change) => {
    let subnet: SubnetRecord;
    try {
      subnet = await requireLeaf(change.trx, account.id, watched.id, 'no-key-update');
    } catch (error) {
      // Deleted, or turned into a container, since the round began: nothing to check.
      if (error instanceof DomainError) return 0;
      throw error;
    }
    const days = subnet.staleAfterDays;
    if (days === null) return 0;
    const marked = await markStaleAlerted(change.trx, subnet.id, staleCutoff(now, days), limit);
    change.audit(
      marked.map(({ ipAddress, lastSeen, lastSeenBy }) => ({
        action: 'create',
        entity: 'address-stale',
        entityId: ipAddress,
        subnetId: subnet.id,
        after: { ipAddress, lastSeen, lastSeenBy, staleAfterDays: days },
      })),
    );
    await recordAlerts(
      change,
      account.id,
      subnet.id,
      marked.map(({ ipAddress, lastSeen, lastSeenBy, item }) => ({
        content: {
          subnetId: subnet.id,
          ipAddress,
          kind: 'went_stale',
          details: { lastSeen, lastSeenBy, staleAfterDays: days },
        },
        before: null,
        after: item,
      })),
      now.toISOString(),
    );
    return marked.length;
  });
}

/**
 * The stale check: in every subnet with "stale after" set, writes one went-stale alert per address
 * whose last sighting is older than the subnet's days, once per sighting (a host seen again is alerted
 * again when it next goes stale). Safe in several processes at once (each address is marked by one);
 * bounded by `limits`, the rest is left for the next sweep. Answers how many alerts it wrote.
 */
export async function sweepStaleAddresses(
  deps: SweepDeps,
  now: Date,
  limits: StaleSweepLimits = STALE_SWEEP_LIMITS,
): Promise<number> {
  let written = 0;
  const accounts = new Map<string, AccountRecord | undefined>();
  for (const watched of await listWatchedSubnets(deps.db)) {
    if (!accounts.has(watched.accountId)) {
      accounts.set(watched.accountId, await findAccountById(deps.db, watched.accountId));
    }
    const account = accounts.get(watched.accountId);
    if (!account) continue;
    while (written < limits.maxAlerts) {
      const limit = Math.min(limits.batchSize, limits.maxAlerts - written);
      const marked = await sweepBatch(deps, account, watched, now, limit);
      written += marked;
      if (marked < limit) break;
    }
    if (written >= limits.maxAlerts) break;
  }
  return written;
}
