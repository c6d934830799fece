import type { Db } from '../db/database.js';

/** An item a change puts in the outbox: sent after the commit to the target by the kind's handler. */
export interface OutboxItemInput {
  /** Which handler sends it ('webhook', 'dns', …). */
  kind: string;
  /** The ordering key: items of one (kind, target) are sent strictly in the order they were written. */
  targetId: string;
  /** A short name for logs and the delivery log (a webhook's event type). */
  label: string;
  /** The handler's data, stored as JSON. */
  payload: unknown;
}

/** An item as a handler receives it. */
export interface OutboxItem {
  id: string;
  accountId: string;
  kind: string;
  targetId: string;
  label: string;
  payload: unknown;
  /** This attempt's number (1 for the first). */
  attempt: number;
  createdAt: string;
}

/** What one attempt at sending an item came to (recorded in the attempt log). */
export interface DeliveryOutcome {
  isDelivered: boolean;
  /** The answer's status code, when there was an answer. */
  status?: number | null;
  /** The start of the answer (at most 1 KB is kept). */
  responseExcerpt?: string | null;
  /** Why it failed, for the log (never a secret). */
  error?: string | null;
  /** A failure that no retry can mend (the target is gone or refused by policy): give up now. */
  isPermanent?: boolean;
}

/**
 * Sends the items of one kind. `deliver` is called with a leased item and must settle within the
 * signal's timeout; it may throw (counted as a failure to retry). `gaveUp` runs once when an item is
 * given up: `permanent` (the handler said no retry can mend it) or `expired` (retried past the give-up age).
 */
export interface OutboxHandler {
  kind: string;
  deliver(item: OutboxItem, signal: AbortSignal): Promise<DeliveryOutcome>;
  gaveUp?(item: OutboxItem, reason: 'permanent' | 'expired', db: Db): Promise<void>;
}
