import type { LiveEvent } from '@ipam/core/api/live-event';
import type { Db } from '../db/database.js';

/** What changed in an account, sent to every member's open event stream (core's live event). */
export type AccountEvent = LiveEvent;

/** Publishes account events; writes call it after their transaction commits. */
export interface EventPublisher {
  publish(accountId: string, event: AccountEvent): void;
  /**
   * Publishes a change's events from inside its transaction, for a publisher that sends them with it
   * (PostgreSQL's NOTIFY reaches other processes at the commit, never for a rollback); resolves to
   * what delivers them in this process, which runChange calls once the transaction has committed.
   * Without it, runChange calls `publish` for each event after the commit.
   */
  publishWithin?(trx: Db, accountId: string, events: readonly AccountEvent[]): Promise<() => void>;
}

/** Publishes nothing: for server functions called outside a running server (tests, the CLI). */
export const noopEventPublisher: EventPublisher = {
  publish() {},
};
